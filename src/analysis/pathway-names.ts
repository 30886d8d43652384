// Display names of gene sets. Libraries encode names differently (Enrichr appends the id,
// MSigDB uses UPPER_SNAKE with a collection prefix, one Reactome GMT replaced spaces by hyphens);
// statements and reports need the plain name. Ids and links are kept elsewhere unchanged.

const ID_SUFFIX = /\s+(?:\(GO:\d{7}\)|R-[A-Z]{3}-\d+|WP\d+)\s*$/;
const COLLECTION_PREFIX = /^(HALLMARK|REACTOME|KEGG|GOBP|GOMF|GOCC|WP|BIOCARTA|PID)_/;

export function pathwayLabel(name: string): string {
  let label = name.replace(ID_SUFFIX, '').trim();
  if (COLLECTION_PREFIX.test(label)) label = label.replace(COLLECTION_PREFIX, '').replace(/_/g, ' ');
  // "Signaling-by-ERBB2" (no spaces, several hyphens) had its spaces replaced: undo that.
  if (!label.includes(' ') && (label.match(/-/g)?.length ?? 0) >= 2) label = label.replace(/-/g, ' ');
  return label;
}
