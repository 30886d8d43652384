// A separate process that saves snapshots into a SQLite data dir, for the cross-process
// concurrency test. Usage: node --import tsx snapshot-writer.ts <dataDir> <tag> <count>
// Prints the saved ids as one JSON array on stdout; writes `started` on stderr as it starts saving.
import { loadConfig } from '../../src/config.js';
import { createStore } from '../../src/store/index.js';
import { SnapshotStore } from '../../src/store/snapshots.js';

const [dataDir, tag, count] = process.argv.slice(2);
if (!dataDir || !tag || !count) throw new Error('usage: snapshot-writer.ts <dataDir> <tag> <count>');
const store = await createStore(loadConfig({ env: {}, flags: { dataDir, logLevel: 'silent' } }));
const snapshots = new SnapshotStore(store);
await snapshots.search(); // load the index, so syncs run between the writes too
process.stderr.write('started\n'); // the parent starts its own saves on this signal
const ids = await Promise.all(
  Array.from({ length: Number(count) }, async (_, i) => {
    const id = await snapshots.save({
      tool: 'svc_generate_insights',
      genes: [`G${tag}${i}`, 'SHARED'],
      diseaseContext: `${tag} disease ${i}`,
      qualityScore: 0.5,
      inputs: { i, tag },
      result: { i, tag },
    });
    if (i % 10 === 0) await snapshots.search({ gene: 'SHARED', limit: 5 });
    return id;
  }),
);
await store.close();
process.stdout.write(`${JSON.stringify(ids)}\n`);
