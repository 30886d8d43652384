#!/usr/bin/env node
// Node 22.1+ keeps V8's compiled code of what a run loads on disk (in the OS temp directory, or
// NODE_COMPILE_CACHE), so later starts skip compiling it: about 25 ms of the stdio server's start
// on Node 22 (bench/speed/README.md). Node 20 has no compile cache and skips the call. The import
// is dynamic so that it comes after: a static one would be evaluated first.
import module from 'node:module';

module.enableCompileCache?.();
await import('../dist/cli.js');
