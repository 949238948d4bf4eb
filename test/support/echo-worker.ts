/** A refresh-worker stand-in for test/unit/worker-process.test.ts: echoes, hangs, fails or dies on request. */
import { serveWorkerJobs } from '../../src/pipeline/worker-process.ts';

interface EchoRequest {
  action: 'echo' | 'hang' | 'fail' | 'die';
  value?: string;
}

serveWorkerJobs(async (request) => {
  const { action, value } = request as EchoRequest;
  if (action === 'hang') await new Promise(() => undefined);
  if (action === 'fail') throw new Error(`falhou de propósito: ${value ?? ''}`);
  if (action === 'die') {
    process.stderr.write('morrendo de propósito\n');
    process.exit(3);
  }
  return { pid: process.pid, value };
});
