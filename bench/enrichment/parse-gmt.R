# GMT parsing shared by the R scripts of the benchmarks: the rules of src/analysis/gmt.ts (blank
# lines and empty fields dropped, Enrichr ",weight" suffixes removed, duplicate genes removed, set
# ids from Reactome and GO columns).
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
  col1 <- col1[keep]; col2 <- col2[keep]; genes <- genes[keep]
  id <- ifelse(grepl("^R-[A-Z]{3}-[0-9]+$", col2), col2,
        ifelse(grepl("^GO:[0-9]{7}$", col1), col1,
        ifelse(grepl("\\((GO:[0-9]{7})\\)\\s*$", col1), sub("^.*\\((GO:[0-9]{7})\\)\\s*$", "\\1", col1),
        ifelse(grepl("\\s(R-[A-Z]{3}-[0-9]+)$", col1), sub("^.*\\s(R-[A-Z]{3}-[0-9]+)$", "\\1", col1), col1))))
  list(id = id, genes = genes)
}
