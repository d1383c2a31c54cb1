#!/bin/sh
# Records one real client's requests against a fresh `collab sandbox --seed 12` into
# test/fixtures/clients/<name>.jsonl (replayed by test/sandbox/client-recordings.test.ts).
#   scripts/clients/record.sh go      (needs golang-go and golang-github-xanzy-go-gitlab-dev)
#   scripts/clients/record.sh ruby    (needs ruby-gitlab)
set -eu
name=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
out="$root/test/fixtures/clients/$name.jsonl"
mkdir -p "$(dirname "$out")"
node "$root/bin/collab.js" sandbox --port 18480 --seed 12 >/dev/null 2>&1 &
sandbox=$!
node "$root/scripts/clients/record-proxy.mjs" http://127.0.0.1:18480 18481 "$out" &
proxy=$!
trap 'kill $sandbox $proxy' EXIT
sleep 2
case $name in
  go) (cd "$root/scripts/clients/go" && GO111MODULE=off GOPATH=/usr/share/gocode go run main.go http://127.0.0.1:18481) ;;
  ruby) ruby "$root/scripts/clients/ruby/drive.rb" http://127.0.0.1:18481 ;;
esac
sleep 1
echo "$(wc -l < "$out") requests recorded in $out"
