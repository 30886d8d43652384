import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderReadme } from '../../src/docs.js';
import { tools } from '../../src/tools/index.js';
import { REPO_ROOT } from '../support/shared.js';

describe('README', () => {
  const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');

  it('has its generated tables in sync with the code (run `npm run docs` to fix)', () => {
    expect(renderReadme(readme, tools)).toBe(readme);
  });

  it('starts with the install-and-run command and the test command', () => {
    const firstBlocks = readme.split('```').slice(0, 4).join('```');
    expect(firstBlocks).toContain('npm ci');
    expect(firstBlocks).toContain('biointel.js verify');
    expect(firstBlocks).toContain('npm test');
  });
});
