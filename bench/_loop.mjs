// Preloaded into the server by benches that ask for it (startServer(..., { loop: true })): once a second, the
// event loop's utilisation and delay over that second, appended as a JSON line to $DATA_DIR/loop.jsonl. Only in
// the process that runs src/main.ts or the compiled dist/main.js (npm and tsx's launcher load this too and skip it).
import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

if (/main\.(ts|js)$/.test(process.argv[1] ?? '') && process.env.DATA_DIR) {
  const file = `${process.env.DATA_DIR}/loop.jsonl`;
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  let last = performance.eventLoopUtilization();
  setInterval(() => {
    const now = performance.eventLoopUtilization();
    const elu = performance.eventLoopUtilization(now, last).utilization;
    last = now;
    const ms = (ns) => Number((ns / 1e6).toFixed(1));
    const line = {
      t: Date.now(),
      elu,
      p50: ms(delay.percentile(50)),
      p99: ms(delay.percentile(99)),
      max: ms(delay.max),
    };
    delay.reset();
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  }, 1000).unref();
}
