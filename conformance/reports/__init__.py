"""Reports of results, by rule: the terminal table (:mod:`~conformance.reports.text`), Markdown
for CI step summaries (:mod:`~conformance.reports.markdown`) and a self-contained HTML page
(:mod:`~conformance.reports.html`). They read results; they run nothing."""
