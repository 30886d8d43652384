# The minimal R counterpart of `biointel enrich` (bench/speed runs it as a whole process):
#   Rscript bench/enrichment/enrich-min.R <dir with *.gmt and panel.txt>
# Same parsing rules as enrich.R (and src/analysis/gmt.ts), the same prepared form (sets as
# integer ids, sizes 5..2000 tested), one query per library with R's vectorised idiom (panel mask,
# tabulate, phyper, p.adjust "BH"), and the sets with q <= 0.05 written out, as biointel prints them.
args <- commandArgs(trailingOnly = TRUE)
dir <- args[1]

parse_gmt <- function(path) {
  lines <- readLines(path, warn = FALSE, encoding = "UTF-8")
  lines <- sub("\r$", "", lines)
  lines <- lines[trimws(lines) != ""]
  f <- strsplit(lines, "\t", fixed = TRUE)
  col1 <- trimws(vapply(f, function(x) if (length(x) >= 1) x[1] else "", ""))
  col2 <- trimws(vapply(f, function(x) if (length(x) >= 2) x[2] else "", ""))
  genes <- lapply(f, function(x) {
    g <- if (length(x) > 2) x[-(1:2)] else character(0)
    g <- trimws(sub(",\\s*[-+]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][-+]?[0-9]+)?\\s*$", "", g))
    unique(g[g != ""])
  })
  keep <- col1 != "" & lengths(genes) > 0
  list(id = col1[keep], name = col1[keep], genes = genes[keep])
}

panel <- readLines(file.path(dir, "panel.txt"))
out <- list()
for (f in sort(list.files(dir, pattern = "\\.gmt$"))) {
  gmt <- parse_gmt(file.path(dir, f))
  universe <- unique(unlist(gmt$genes, use.names = FALSE))
  sizes <- lengths(gmt$genes)
  tested <- which(sizes >= 5 & sizes <= 2000)
  sets <- gmt$genes[tested]
  flat <- match(unlist(sets, use.names = FALSE), universe)
  grp <- rep.int(seq_along(sets), lengths(sets))
  idx <- unique(match(panel, universe)); idx <- idx[!is.na(idx)]
  mask <- logical(length(universe)); mask[idx] <- TRUE
  k <- tabulate(grp[mask[flat]], nbins = length(sets))
  p <- phyper(k - 1, sizes[tested], length(universe) - sizes[tested], length(idx), lower.tail = FALSE)
  q <- p.adjust(p, method = "BH")
  sig <- which(q <= 0.05 & k > 0)
  sig <- sig[order(p[sig])]
  out[[f]] <- data.frame(library = f, id = gmt$id[tested][sig], k = k[sig], K = sizes[tested][sig], p = p[sig], q = q[sig])
}
res <- do.call(rbind, out)
write.table(res, stdout(), sep = "\t", quote = FALSE, row.names = FALSE)
