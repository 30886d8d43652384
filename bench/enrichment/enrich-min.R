# The minimal R counterpart of `biointel enrich` (bench/speed runs it as a whole process):
#   Rscript bench/enrichment/enrich-min.R <dir with *.gmt and panel.txt>
# Same parsing rules as enrich.R (and src/analysis/gmt.ts), the same prepared form (sets as
# integer ids, sizes 5..2000 tested), one query per library with R's vectorised idiom (panel mask,
# tabulate, phyper, p.adjust "BH"), and the sets with q <= 0.05 written out, as biointel prints them.
args <- commandArgs(trailingOnly = TRUE)
dir <- args[1]

source(file.path(dirname(sub("^--file=", "", grep("^--file=", commandArgs(FALSE), value = TRUE)[1])), "parse-gmt.R"))

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
