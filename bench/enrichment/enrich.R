# R side of the enrichment benchmark (bench/enrichment/enrichment.bench-run.ts runs it).
#   Rscript bench/enrichment/enrich.R <dir with *.gmt and panel.txt> <out dir> [reps]
# Writes <out>/results.tsv (library, id, k, K, n, N, p, q for every tested set) and <out>/timing.json.
# Parsing mirrors src/analysis/gmt.ts (see test/fixtures/r-reference/enrichment-e2e.R). Timed part is
# the query only, on data already indexed as integers (the R analogue of prepareLibrary):
#   full query = panel mask + overlap counts (tabulate) + phyper + p.adjust("BH") over tested sets
#   stats only = phyper + p.adjust, given the overlap counts
#   naive      = the common per-set idiom vapply(sets, function(s) sum(s %in% panel)) + phyper + p.adjust,
#                on the character sets (timed with fewer repetitions: it is slow)
t_start <- proc.time()[["elapsed"]]
args <- commandArgs(trailingOnly = TRUE)
dir <- args[1]; out <- args[2]
reps <- if (length(args) >= 3) as.integer(args[3]) else 21L

source(file.path(dirname(sub("^--file=", "", grep("^--file=", commandArgs(FALSE), value = TRUE)[1])), "parse-gmt.R"))

prepare <- function(gmt) {
  universe <- unique(unlist(gmt$genes, use.names = FALSE))
  sizes <- lengths(gmt$genes)
  tested <- which(sizes >= 5 & sizes <= 2000)
  sets <- gmt$genes[tested]
  list(universe = universe, N = length(universe), id = gmt$id[tested], K = sizes[tested], sets = sets,
       flat = match(unlist(sets, use.names = FALSE), universe),
       grp = rep.int(seq_along(sets), lengths(sets)), m = length(tested))
}

query_counts <- function(lib, panel) {
  idx <- unique(match(panel, lib$universe))
  idx <- idx[!is.na(idx)]
  mask <- logical(lib$N); mask[idx] <- TRUE
  list(n = length(idx), k = tabulate(lib$grp[mask[lib$flat]], nbins = lib$m))
}
query_stats <- function(lib, n, k) {
  p <- phyper(k - 1, lib$K, lib$N - lib$K, n, lower.tail = FALSE)
  list(p = p, q = p.adjust(p, method = "BH"))
}

files <- sort(list.files(dir, pattern = "\\.gmt$"))
panel <- readLines(file.path(dir, "panel.txt"))
t0 <- proc.time()[["elapsed"]]
libs <- lapply(files, function(f) prepare(parse_gmt(file.path(dir, f))))
t_prepare <- proc.time()[["elapsed"]] - t0

# Time `reps` batches; each batch loops `inner` times so the 1 ms clock resolution does not dominate.
inner <- 10L
time_batches <- function(fun, reps, inner) {
  fun()
  vapply(seq_len(reps), function(r) {
    t <- proc.time()[["elapsed"]]
    for (i in seq_len(inner)) fun()
    (proc.time()[["elapsed"]] - t) / inner
  }, 0)
}
full <- time_batches(function() for (lib in libs) { c <- query_counts(lib, panel); query_stats(lib, c$n, c$k) }, reps, inner)
counts <- lapply(libs, query_counts, panel = panel)
stats_only <- time_batches(function() for (j in seq_along(libs)) query_stats(libs[[j]], counts[[j]]$n, counts[[j]]$k), reps, inner)
naive <- time_batches(function() for (lib in libs) {
  inlib <- unique(panel[panel %in% lib$universe])
  k <- vapply(lib$sets, function(s) sum(s %in% inlib), integer(1))
  query_stats(lib, length(inlib), k)
}, 3L, 1L)

res <- do.call(rbind, lapply(seq_along(libs), function(j) {
  lib <- libs[[j]]; c <- counts[[j]]; s <- query_stats(lib, c$n, c$k)
  data.frame(library = files[j], id = lib$id, k = c$k, K = lib$K, n = c$n, N = lib$N,
             p = sprintf("%.17g", s$p), q = sprintf("%.17g", s$q))
}))
write.table(res, file.path(out, "results.tsv"), sep = "\t", quote = FALSE, row.names = FALSE)
writeLines(sprintf(
  '{"rVersion": "%s", "reps": %d, "inner": %d, "prepareSec": %.6f, "fullQueryMedianSec": %.6f, "statsOnlyMedianSec": %.6f, "naiveMedianSec": %.6f, "fullQueryMinSec": %.6f, "statsOnlyMinSec": %.6f, "totalSec": %.6f}',
  R.version.string, reps, inner, t_prepare, median(full), median(stats_only), median(naive), min(full), min(stats_only),
  proc.time()[["elapsed"]] - t_start), file.path(out, "timing.json"))
