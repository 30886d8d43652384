// Styles of the widget, inside its shadow root: nothing here reaches the host page, and `all:
// initial` on the host keeps the page's own styles (fonts, colours, table rules) out. Colours meet
// WCAG AA contrast on white; focus is always visible.
export const STYLES = `
:host { all: initial; display: block; contain: content; }
.bi { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1b1f24; background: #fff;
  border: 1px solid #c9d1d9; border-radius: 8px; padding: 14px 16px; max-width: 640px; box-sizing: border-box; margin: 0 0 12px; }
.bi * { box-sizing: border-box; }
h2 { font-size: 16px; margin: 0 0 6px; font-weight: 650; }
h3 { font-size: 14px; margin: 14px 0 6px; font-weight: 650; }
p { margin: 6px 0; }
.status { color: #3d4751; }
.status[data-state="error"] { color: #8a1c13; background: #fdecea; border-radius: 6px; padding: 8px 10px; }
.status[data-state="quota"] { color: #6b4100; background: #fff4e0; border-radius: 6px; padding: 8px 10px; }
svg.chart { width: 100%; height: auto; display: block; }
svg .label, svg .value, svg .axis { font: 12px system-ui, sans-serif; fill: #1b1f24; }
svg .axis { fill: #3d4751; }
svg .bar { fill: #1f5fa8; }
svg .bar-row:hover .bar { fill: #143f70; }
figure { margin: 4px 0; }
figcaption { font-size: 12px; color: #3d4751; }
table { border-collapse: collapse; font-size: 12px; margin-top: 6px; }
th, td { text-align: left; padding: 2px 8px 2px 0; border-bottom: 1px solid #e3e8ee; }
ol { margin: 4px 0; padding-left: 22px; }
.note { background: #f1f5fa; border-left: 3px solid #1f5fa8; padding: 6px 10px; border-radius: 0 6px 6px 0; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 12px 0 0; font-size: 13px; }
dt { color: #3d4751; }
dd { margin: 0; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
code { font: 12px ui-monospace, SFMono-Regular, Menlo, monospace; }
button { font: inherit; color: #fff; background: #1f5fa8; border: 0; border-radius: 6px; padding: 5px 12px; cursor: pointer; margin-top: 6px; }
button:hover { background: #143f70; }
:focus-visible { outline: 3px solid #ffb000; outline-offset: 2px; }
details summary { cursor: pointer; font-size: 12px; color: #1f5fa8; }
.warn { font-size: 12px; color: #6b4100; }
.note.warn { background: #fff7e8; border-left-color: #b26b00; }
`;
