#!/usr/bin/env node
// Records what a real GitLab client sends, for test/fixtures/clients/: a proxy on 127.0.0.1 in
// front of `collab sandbox` that forwards every request as it came and writes one JSON line per
// request (method, path, query, the headers that matter, body) with the answer's status and keys.
//   node scripts/clients/record-proxy.mjs http://127.0.0.1:18080 18081 out.jsonl
import { appendFileSync, writeFileSync } from 'node:fs';
import { createServer, request } from 'node:http';

const [target, port, out] = process.argv.slice(2);
if (!target || !port || !out) {
  console.error('usage: record-proxy.mjs <sandbox url> <port> <out.jsonl>');
  process.exit(2);
}
writeFileSync(out, '');
const upstream = new URL(target);
/** The sandbox's tokens name their role (glpat-sandbox-<role>-token); the role is kept, not the token. */
const roleOf = (token) => /^glpat-sandbox-(\w+)-token$/.exec(token ?? '')?.[1] ?? (token ? 'unknown' : null);
const KEPT_HEADERS = ['content-type', 'user-agent', 'sudo', 'accept', 'if-none-match'];

/** An answer's shape: its top-level keys, or those of a list's first item. */
function keysOf(text) {
  try {
    const value = JSON.parse(text);
    const item = Array.isArray(value) ? value[0] : value;
    return { list: Array.isArray(value), keys: item && typeof item === 'object' ? Object.keys(item).sort() : [] };
  } catch {
    return { list: false, keys: [] };
  }
}

createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    const forward = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        const parts = [];
        answer.on('data', (chunk) => parts.push(chunk));
        answer.on('end', () => {
          const text = Buffer.concat(parts);
          const url = new URL(req.url, 'http://proxy');
          const headers = Object.fromEntries(
            KEPT_HEADERS.filter((h) => req.headers[h]).map((h) => [h, req.headers[h]]),
          );
          const type = String(req.headers['content-type'] ?? '');
          const entry = {
            method: req.method,
            path: url.pathname.replace(/^\/api\/v4/, ''),
            query: url.search.replace(/^\?/, ''),
            as: roleOf(req.headers['private-token'] ?? String(req.headers.authorization ?? '').replace(/^Bearer /, '')),
            headers,
            // Multipart bodies carry a boundary and bytes: kept as text, the boundary named in content-type.
            body:
              body.length === 0 ? null : type.includes('json') ? JSON.parse(body.toString()) : body.toString('latin1'),
            status: answer.statusCode,
            answer: keysOf(text.toString()),
          };
          appendFileSync(out, `${JSON.stringify(entry)}\n`);
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          res.end(text);
        });
      },
    );
    forward.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    forward.end(body);
  });
}).listen(Number(port), '127.0.0.1');
