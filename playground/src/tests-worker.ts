// Runs the policy's own tests off the main thread: a policy with many tests (or slow ones)
// must never make typing lag. The page posts the latest source; only the newest job runs,
// older ones are dropped.
import { load, type TestOutcome } from "vigie";

export interface TestsJob {
  seq: number;
  source: string;
  file: string;
  files: Record<string, string>;
}

/** seq -1: the engine failed to load here (the page then runs the tests itself). */
export interface TestsReply {
  seq: number;
  report: TestOutcome[] | null;
  error?: string;
  ms?: number;
}

const ready = load();
let latest: TestsJob | null = null;
let busy = false;

function reply(msg: TestsReply) {
  (self as unknown as Worker).postMessage(msg);
}

self.onmessage = (e: MessageEvent<TestsJob>) => {
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
      let report: TestOutcome[] | null = null;
      let error: string | undefined;
      try {
        report = policy.ok ? policy.runTests() : [];
      } catch (err) {
        error = (err as Error).message;
      }
      policy.free();
      reply({ seq: job.seq, report, error, ms: performance.now() - t0 });
      await new Promise((r) => setTimeout(r, 0)); // let a newer job in
    }
  } catch (err) {
    reply({ seq: -1, report: null, error: `the engine failed to load: ${(err as Error).message}` });
  } finally {
    busy = false;
  }
}
