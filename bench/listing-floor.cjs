'use strict';
// The floor of case 2 (bench/README.md, "Listing: the floor"), run as
//   COLLAB_HOST=... COLLAB_TOKEN=... node --liftoff-only --no-turbofan bench/listing-floor.cjs [N] [dispatch]
// (collab's own V8 flags for a listing): undici alone lists every project of COLLAB_HOST as collab does (page 1, then
// the rest with N requests in flight, N = argv[2], default 8), reads each body and drops it: no
// parsing, no checks, no output. With `dispatch`, each body comes through a handler of undici's
// dispatcher API instead of `request()`'s stream (less CPU, the same wall: bench/README.md). What
// is left of collab's time above it is collab's; the rest is the service's latency, its serving,
// and Node and undici themselves.
const { Agent, request } = require('undici');

const inFlight = Number(process.argv[2] ?? 8);
const viaDispatch = process.argv[3] === 'dispatch';
const agent = new Agent({ connections: inFlight });
const headers = { 'private-token': process.env.COLLAB_TOKEN };
let bytes = 0;
const origin = process.env.COLLAB_HOST;
const path = (page) => `/api/v4/projects?per_page=100&page=${page}`;

/** One page through a dispatch handler: its headers as `request()` gives them, its body counted. */
function dispatched(number) {
  return new Promise((resolve, reject) => {
    const found = {};
    agent.dispatch(
      { origin, path: path(number), method: 'GET', headers },
      {
        onConnect() {},
        onError: reject,
        onHeaders(status, raw) {
          if (status !== 200) reject(new Error(`page ${number}: ${status}`));
          for (let i = 0; i < raw.length; i += 2) found[raw[i].toString().toLowerCase()] = raw[i + 1].toString();
          return true;
        },
        onData(chunk) {
          bytes += chunk.length;
          return true;
        },
        onComplete: () => resolve(found),
      },
    );
  });
}

async function page(number) {
  if (viaDispatch) return dispatched(number);
  const response = await request(origin + path(number), { dispatcher: agent, headers });
  if (response.statusCode !== 200) throw new Error(`page ${number}: ${response.statusCode}`);
  for await (const chunk of response.body) bytes += chunk.length;
  return response.headers;
}

async function main() {
  const started = performance.now();
  const total = Number((await page(1))['x-total-pages'] ?? 1);
  let next = 2;
  const worker = async () => {
    while (next <= total) await page(next++);
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  await agent.close();
  // From the first request on: loading undici without a code cache costs it 40 to 100 ms that a
  // comparison with collab, which loads it from the back's cache, should not count.
  const ms = Math.round(performance.now() - started);
  const cpu = process.cpuUsage();
  const cpuMs = Math.round((cpu.user + cpu.system) / 1000);
  process.stdout.write(`${bytes} bytes in ${total} pages, ${ms} ms from the first request, ${cpuMs} ms of CPU\n`);
}

main().catch((error) => {
  process.stderr.write(`${error.message}\n`);
  process.exitCode = 1;
});
