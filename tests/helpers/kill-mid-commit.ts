/**
 * A process killed in the middle of a worker's write transaction (tests/unit/write-worker.test.ts): begins the
 * transaction on the file given, has the worker write rows (not committed), then kills itself with SIGKILL — no
 * rollback, no close, as a server killed mid-commit.
 */
import { WorkerSink } from '../../db/write-worker';

async function main() {
  const [file, rows] = process.argv.slice(2);
  const sink = await WorkerSink.begin(file!);
  sink.prepare('insert', 'insert into t (v) values (?)');
  for (let i = 0; i < Number(rows); i++) sink.run('insert', [`row ${i}`]);
  // Written by the worker, in the open transaction.
  await sink.drain(0);
  process.stdout.write('written\n');
  process.kill(process.pid, 'SIGKILL');
}

void main();
