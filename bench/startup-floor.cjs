'use strict';
// The floor of case 1's `projects view 1 -o json` (bench/README.md, "Start-up: the floor"):
// Node's own HTTP client alone, no CLI, no bundle, no checks. It sends the one request view sends
// to COLLAB_HOST and writes the answer as indented JSON, as view does. What a command that talks to
// the service takes above this is the CLI's; this much any Node program that does the same pays.
const { get } = require('node:http');

const url = new URL(`${process.env.COLLAB_HOST}/api/v4/projects/1`);
get(url, { headers: { 'private-token': process.env.COLLAB_TOKEN } }, (response) => {
  let body = '';
  response.setEncoding('utf8');
  response.on('data', (chunk) => {
    body += chunk;
  });
  response.on('end', () => {
    if (response.statusCode !== 200) {
      process.stderr.write(`GET ${url.pathname}: ${response.statusCode}\n`);
      process.exitCode = 1;
      return;
    }
    process.stdout.write(`${JSON.stringify(JSON.parse(body), null, 2)}\n`);
  });
}).on('error', (error) => {
  process.stderr.write(`${error.message}\n`);
  process.exitCode = 1;
});
