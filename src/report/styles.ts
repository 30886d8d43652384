// The report's only stylesheet, inlined (the CSP forbids loading one). System fonts only: a
// web font would be a network request. Dark mode and print follow the reader's settings.
export const REPORT_CSS = `
:root{--fg:#1b1f24;--muted:#5b6570;--bg:#fff;--panel:#f5f7f9;--line:#d9dee3;--accent:#0b5cad;--ok:#1a7f37;--warn:#9a6700;--bad:#c62828;--okbg:#e6f4ea;--warnbg:#fff6dd;--badbg:#fdecea;--info:#0b5cad;--infobg:#e7f0fb;color-scheme:light dark}
@media (prefers-color-scheme:dark){:root{--fg:#e6e9ec;--muted:#9aa4ae;--bg:#14171a;--panel:#1d2226;--line:#343b42;--accent:#6cb0ff;--ok:#56d364;--warn:#e3b341;--bad:#ff7b72;--okbg:#1b3324;--warnbg:#3a2f12;--badbg:#3d1d1b;--info:#8cc4ff;--infobg:#16304d}}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
main{max-width:1240px;margin:0 auto;padding:20px 20px 48px}
a{color:var(--accent)}
h1{font-size:1.7rem;line-height:1.25;margin:.2rem 0 .6rem}
h2{font-size:1.3rem;margin:2.2rem 0 .5rem;padding-bottom:.3rem;border-bottom:2px solid var(--line)}
h3{font-size:1.02rem;margin:1.2rem 0 .4rem}
code{font:13px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:var(--panel);padding:1px 4px;border-radius:3px;word-break:break-all}
td code{word-break:normal;white-space:nowrap}
.muted{color:var(--muted)}.small{font-size:.86em}.num{text-align:right;font-variant-numeric:tabular-nums}
td.num,td.lib{white-space:nowrap}
.eyebrow{margin:0;text-transform:uppercase;letter-spacing:.08em;font-size:.75rem;color:var(--muted)}
.lead{font-size:1.08rem;font-weight:600;max-width:80ch}.lead a{font-weight:400;font-size:.9em;white-space:nowrap}
nav.toc{display:flex;flex-wrap:wrap;gap:4px 14px;padding:8px 0;margin:12px 0 0;border-top:1px solid var(--line);border-bottom:1px solid var(--line);font-size:.9rem}
.banner{background:var(--warnbg);border-left:4px solid var(--warn);padding:8px 12px;border-radius:4px}
.header-grid{display:grid;grid-template-columns:minmax(0,1fr) 340px;gap:24px;align-items:start}
dl.meta{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:6px 16px;margin:0}
dl.meta dt{font-weight:600;color:var(--muted)}dl.meta dd{margin:0}
.quality{background:var(--panel);border:1px solid var(--line);border-radius:8px;padding:14px 16px}
.score-big{font-size:2.4rem;font-weight:700;line-height:1}.score-label{font-weight:600;margin-bottom:6px}
.q-parts{list-style:none;padding:0;margin:0;font-size:.88rem}.q-parts li{display:grid;grid-template-columns:minmax(0,1fr) 64px 36px 44px;gap:6px;align-items:center;white-space:nowrap}
.meter{display:inline-block;width:64px;height:6px;background:var(--line);border-radius:3px;vertical-align:middle;overflow:hidden}.meter span{display:block;height:100%;background:var(--accent)}
td.score .meter{display:block;width:100%;margin-top:3px}
.chip{display:inline-block;padding:0 7px;border:1px solid var(--line);border-radius:10px;background:var(--panel);font-size:.85em}
.badge{display:inline-block;padding:1px 7px;border-radius:10px;font-size:.8em;font-weight:600;background:var(--panel);border:1px solid var(--line);white-space:nowrap}
.b-green,.eq-high,.st-ok,.conf-high{background:var(--okbg);color:var(--ok);border-color:transparent}
.b-red,.eq-low,.st-failed{background:var(--badbg);color:var(--bad);border-color:transparent}
.eq-moderate,.conf-moderate,.st-cached,.st-partial{background:var(--warnbg);color:var(--warn);border-color:transparent}
.b-blue,.novel{background:var(--infobg);color:var(--info);border-color:transparent}
.tier{min-width:2.2em;text-align:center}.tier-I{background:#0b5cad;color:#fff}.tier-II{background:#5a8fce;color:#fff}.tier-III{background:var(--panel);color:var(--fg)}
.table-wrap{overflow-x:auto;-webkit-overflow-scrolling:touch;border:1px solid var(--line);border-radius:6px;margin:8px 0}
table{border-collapse:collapse;width:100%;font-size:.88rem}
th,td{padding:6px 8px;border-bottom:1px solid var(--line);vertical-align:top;text-align:left}
thead th{background:var(--panel);font-weight:600;white-space:nowrap;position:sticky;top:0}
tbody tr:last-child td{border-bottom:0}
table.compact td,table.compact th{padding:4px 8px}
td.genes{min-width:10em}td .name{font-weight:500;min-width:14em}
thead th.factor{white-space:normal;min-width:5.2em;line-height:1.25}th.factor .w{display:block;font-weight:400;color:var(--muted);font-size:.85em}
td.factor{cursor:help}td.factor.missing{color:var(--muted);font-style:italic}
table.drugs{font-size:.84rem}table.drugs th,table.drugs td{padding:5px 6px}td.drug-name{min-width:13em}td.drug-name .small{white-space:nowrap}
tr.drug td{border-bottom:0}
tr.drug-detail td{padding-top:0;font-size:.86rem}
tr.drug-detail summary{cursor:pointer;color:var(--accent);width:max-content}
.detail-grid{display:grid;grid-template-columns:minmax(0,3fr) minmax(0,2fr);gap:16px;padding:6px 0 4px;max-width:1100px}
.factor-list{margin:0;padding-left:18px}
.src-pubchem{color:var(--warn);font-weight:700}
dl.kv{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:3px 12px;margin:6px 0}dl.kv dt{color:var(--muted)}dl.kv dd{margin:0}
.note,.empty{background:var(--panel);border-left:4px solid var(--line);padding:10px 14px;border-radius:4px}
.note.warn{border-left-color:var(--bad)}
.alert{background:var(--badbg);border-left:4px solid var(--bad);padding:10px 14px;border-radius:4px}
.drug-note{border-left-color:var(--warn)}
.chart-wrap{margin:10px 0;overflow-x:auto}
svg.chart{display:block;min-width:460px;font-size:13px;overflow:visible}
svg.chart .bar-label{fill:var(--fg);stroke:var(--bg);stroke-width:4px;stroke-linejoin:round;paint-order:stroke}svg.chart .bar-sub{fill:var(--muted);font-size:11px}
svg.chart .bar-value{fill:var(--fg);font-size:12px;font-variant-numeric:tabular-nums}
svg.chart .tick line{stroke:var(--line)}svg.chart .tick text,svg.chart .axis-label{fill:var(--muted);font-size:11px}
svg.chart .threshold line{stroke:var(--bad);stroke-dasharray:4 3}svg.chart .threshold text{fill:var(--bad);font-size:11px}
svg.chart .bar-row:hover .bar{opacity:.8}
.legend{display:flex;flex-wrap:wrap;gap:4px 16px;font-size:.85rem;color:var(--muted)}
.swatch{display:inline-block;width:10px;height:10px;border-radius:2px;margin-right:5px;vertical-align:baseline}
ol.cards{list-style:none;padding:0;margin:0;display:grid;gap:10px}
.card{border:1px solid var(--line);border-radius:8px;padding:10px 14px}.card h3{margin:0 0 4px}.card p{margin:4px 0}
.hid{color:var(--muted);font-weight:600;margin-right:4px}
.headline{font-weight:600;font-size:1.05rem;margin-bottom:0}
ol.statements{padding-left:22px}.statement{margin:0 0 10px}.statement p{margin:2px 0}
.mark{font-weight:700;font-size:.85em}.mark.ok{color:var(--ok)}.mark.warn{color:var(--warn)}.mark.bad{color:var(--bad)}
.claim{font-style:italic}
dl.metrics{display:grid;grid-template-columns:repeat(auto-fill,minmax(300px,1fr));gap:10px;margin:0}
.metric{border:1px solid var(--line);border-left-width:4px;border-radius:6px;padding:8px 12px}
.metric dt{font-weight:600;font-size:.9rem}.metric dd{margin:0}
.metric-value{display:block;font-size:1.35rem;font-weight:700;word-break:break-word}.metric-value.text{font:600 .95rem/1.6 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}.explain{display:block;font-size:.82rem;color:var(--muted)}
.tone-ok{border-left-color:var(--ok)}.tone-warn{border-left-color:var(--warn)}.tone-bad{border-left-color:var(--bad)}.tone-neutral{border-left-color:var(--line)}
.error-text,.warn-text{color:var(--bad)}
ul.warnings li{margin-bottom:4px}
footer{margin-top:40px;font-size:.82rem;color:var(--muted);border-top:1px solid var(--line);padding-top:10px}
@media (max-width:760px){
body{font-size:14px}main{padding:12px 12px 32px}h1{font-size:1.35rem}
.header-grid,.detail-grid{grid-template-columns:1fr}
dl.meta{grid-template-columns:1fr;gap:0}dl.meta dd{margin-bottom:8px}
}
@media print{
:root{--fg:#000;--muted:#444;--bg:#fff;--panel:#f2f2f2;--line:#bbb}
body{font-size:10.5pt}main{max-width:none;padding:0}
nav.toc,.banner a::after{display:none}
h2{break-after:avoid;page-break-after:avoid}
tr,.card,.metric,.statement,figure{break-inside:avoid;page-break-inside:avoid}
.table-wrap,.chart-wrap{overflow:visible;border:0}
thead th{position:static}
table{font-size:8.5pt}
table.drugs{font-size:7pt}table.drugs th,table.drugs td{padding:2px 3px}
td.drug-name,thead th.factor,td .name,td.genes{min-width:0}
td.score .meter{display:none}
tr.drug-detail summary{display:none}tr.drug-detail td{font-size:7.5pt}
details::details-content{content-visibility:visible}
.detail-grid{gap:8px}
a{color:inherit;text-decoration:none}
.header-grid{grid-template-columns:minmax(0,1fr) 240px}
@page{margin:14mm}
}
`;
