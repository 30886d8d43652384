// Records every module a process resolves (node --import this file), one URL per line, into the file
// named by BIOINTEL_MODULE_LOG: tests of what start-up loads count modules, not milliseconds.
import { register } from 'node:module';

if (process.env.BIOINTEL_MODULE_LOG) {
  register('./module-log-hooks.mjs', import.meta.url, { data: { file: process.env.BIOINTEL_MODULE_LOG } });
}
