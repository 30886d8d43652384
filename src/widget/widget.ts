// The embeddable widget, served by `biointel serve --http` as /widget.js (an IIFE built by tsup, no
// framework). A page adds
//   <div data-genes="TP53,BRCA1" data-disease="breast cancer"></div>
//   <script async src="https://biointel.example.org/widget.js"></script>
// and every such element is rendered; or it calls
//   BioIntel.render({ target, genes, disease, apiKey, onReady }).
// The server must list the page's origin (BIOINTEL_CORS_ORIGINS) for the calls to be allowed.
import { render, type ReadyInfo, type RenderOptions } from './render.js';

declare global {
  interface Window {
    BioIntel?: { version: string; base: string; render(options: RenderOptions): Promise<ReadyInfo | null>; scan(root?: ParentNode): void };
  }
}

const VERSION = '1';

/** Where this script came from: the server to call (a path prefix behind a proxy is kept). */
function scriptBase(): string {
  const src = (document.currentScript as HTMLScriptElement | null)?.src;
  if (!src) return location.origin;
  const url = new URL(src, location.href);
  return `${url.origin}${url.pathname.replace(/\/widget\.js$/, '')}`;
}

const base = scriptBase();

function scan(root: ParentNode = document): void {
  for (const el of Array.from(root.querySelectorAll<HTMLElement>('[data-genes][data-disease]'))) {
    if (el.dataset.biointel) continue; // rendered (or rendering) already
    el.dataset.biointel = 'rendered';
    void render({ target: el, genes: el.dataset.genes ?? '', disease: el.dataset.disease ?? '', base });
  }
}

if (!window.BioIntel) {
  window.BioIntel = {
    version: VERSION,
    base,
    render: (options) => render({ ...options, base: (options.base ?? base).replace(/\/+$/, '') }),
    scan,
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => scan());
  else scan();
}
