// Runs the policy's own tests off the main thread: a policy with many tests (or slow ones)
// must never make typing lag. The page posts the latest source; only the newest job runs,
// older ones are dropped.
import { load } from "vigie";

interface Job {
  seq: number;
  source: string;
  file: string;
  files: Record<string, string>;
}

const ready = load();
let latest: Job | null = null;
let busy = false;

self.onmessage = (e: MessageEvent<Job>) => {
  latest = e.data;
  if (!busy) void pump();
};

async function pump() {
  busy = true;
  try {
    const vigie = await ready;
    while (latest) {
      const job = latest;
      latest = null;
      const t0 = performance.now();
      const policy = vigie.compile(job.source, { file: job.file, files: job.files });
      let report: unknown = null;
      let error: string | undefined;
      try {
        if (policy.ok !== false && typeof policy.runTests === "function") report = policy.runTests();
        else if (typeof policy.runTests !== "function") error = "no-runner";
      } catch (err) {
        error = (err as Error).message;
      }
      policy.free();
      (self as unknown as Worker).postMessage({ seq: job.seq, report, error, ms: performance.now() - t0 });
      await new Promise((r) => setTimeout(r, 0)); // let a newer job in
    }
  } catch (err) {
    (self as unknown as Worker).postMessage({ seq: -1, report: null, error: `the engine failed to load: ${(err as Error).message}` });
  } finally {
    busy = false;
  }
}
