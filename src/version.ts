import pkg from '../package.json' with { type: 'json' };

export const NAME = 'biointel';
export const VERSION: string = pkg.version;
