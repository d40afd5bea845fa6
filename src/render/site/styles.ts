/**
 * The site's one stylesheet (served fingerprinted from assets/). GOV.UK-like: the system font stack (no web
 * fonts), high-contrast text, underlined links, the yellow focus state, mobile first. No inline styles anywhere:
 * the Content-Security-Policy allows only this file.
 */
export const SITE_CSS = `*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;font-size:1rem;line-height:1.5;color:#0b0c0c;background:#fff;overflow-wrap:anywhere}
[hidden]{display:none!important}
.visually-hidden{position:absolute!important;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);border:0;white-space:nowrap}
.width{max-width:960px;margin:0 auto;padding:0 15px}
a{color:#1d70b8;text-decoration:underline;text-underline-offset:.1em}
a:visited{color:#4c2c92}
a:hover{color:#003078;text-decoration-thickness:3px}
a:focus{outline:3px solid transparent;color:#0b0c0c;background:#fd0;box-shadow:0 -2px #fd0,0 4px #0b0c0c;text-decoration:none}
a:focus-visible{outline:3px solid transparent}
h1,h2,h3{line-height:1.2;margin:1.2em 0 .5em}
h1{font-size:2rem;margin-top:.6em}
h2{font-size:1.5rem}
h3{font-size:1.2rem}
p,ul,ol,dl,table{margin:0 0 1em}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em}
pre{background:#f3f2f1;padding:10px;overflow-x:auto;white-space:pre-wrap;word-break:break-word;border-left:5px solid #b1b4b6}
.skip-link{position:absolute;left:-9999px;top:0;padding:10px 15px;background:#fd0;color:#0b0c0c}
.skip-link:focus{left:0;z-index:10}
.header{background:#0b0c0c;color:#fff;border-bottom:10px solid #1d70b8}
.header .width{display:flex;flex-wrap:wrap;align-items:baseline;justify-content:space-between;gap:.5em 2em;padding-top:10px;padding-bottom:10px}
.header a,.header a:visited{color:#fff;text-decoration:none}
.header a:hover{text-decoration:underline}
.header a:focus{color:#0b0c0c}
.service{font-weight:700;font-size:1.25rem}
.nav ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:0 1.2em}
.banner{border-left:10px solid #d4351c;background:#fcf1ef;padding:10px 15px;margin:15px 0 0}
.banner p{margin:0}
.notice{border-left:10px solid #f47738;background:#fef4ec;padding:10px 15px;margin:15px 0 0}
.breadcrumbs ol{list-style:none;margin:15px 0 0;padding:0;font-size:.9rem}
.breadcrumbs li{display:inline}
.breadcrumbs li+li::before{content:"›";margin:0 .4em;color:#505a5f}
main{display:block;padding-bottom:30px}
.lead{font-size:1.2rem}
.hint,.meta{color:#505a5f}
.footer{background:#f3f2f1;border-top:1px solid #b1b4b6;padding:20px 0;font-size:.9rem}
.footer ul{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:0 1.2em}
.credit{background:#fff;border:2px solid #0b0c0c;padding:10px;margin:.5em 0 1em;user-select:all;word-break:break-word}
.columns{columns:14em;column-gap:2em;padding-left:0;list-style:none}
.columns li{break-inside:avoid;margin-bottom:.25em}
.count{color:#505a5f;white-space:nowrap}
table{border-collapse:collapse;width:100%}
th,td{text-align:left;vertical-align:top;padding:.4em .8em .4em 0;border-bottom:1px solid #b1b4b6}
td.num,th.num{text-align:right}
.table-wrap{overflow-x:auto}
.sha{word-break:break-all;font-size:.8em}
.nowrap{white-space:nowrap}
.summary{display:grid;grid-template-columns:minmax(8em,max-content) 1fr;gap:.3em 1.5em;margin:0 0 1.5em}
.summary dt{font-weight:700}
.summary dd{margin:0;word-break:break-word}
.clinics{list-style:none;padding:0;margin:0 0 1.5em}
.clinic{border-top:1px solid #b1b4b6;padding:.8em 0}
.clinic h3{margin:0 0 .3em;font-size:1.15rem}
.clinic p{margin:0 0 .2em}
.status{display:block;width:fit-content;min-height:calc(1.7em + 4px);font-weight:700;padding:.1em .5em;margin:0 0 .3em;border:2px solid currentColor}
.status-open{color:#005a30;background:#cce2d8}
.status-closing{color:#594000;background:#fff4c2}
.status-closed{color:#942514;background:#f6d7d2}
.map{display:block;width:100%;height:auto;max-height:70vh;margin:0 0 1.5em;background:#d2e2f1}
.map .land{fill:#f3f2f1;stroke:#6f777b;stroke-width:.6;stroke-linejoin:round}
.map .has{fill:#fff}
.map a:focus{outline:none;box-shadow:none;background:none}
.map a:hover .land,.map a:focus .land{fill:#fd0;stroke:#0b0c0c;stroke-width:1.5}
.map .dot{fill:#d4351c;stroke:#fff;stroke-width:1}
.map .dots{fill:none;stroke:#d4351c;stroke-width:6;stroke-linecap:round}
.map .centre{fill:none;stroke:#0b0c0c;stroke-width:1.5}
.map .scale{stroke:#0b0c0c;stroke-width:2}
.map text{font-size:12px;fill:#0b0c0c}
.search{margin:0 0 1.5em}
.search label{display:block;font-weight:700;font-size:1.2rem;margin-bottom:.3em}
.search input{width:100%;max-width:36em;font:inherit;padding:.4em;border:2px solid #0b0c0c;border-radius:0}
.search input:focus{outline:3px solid #fd0;outline-offset:0;box-shadow:inset 0 0 0 2px #0b0c0c}
.search-row{display:flex;gap:.5em;max-width:36em}
.search button{flex:none;white-space:nowrap;font:inherit;font-weight:700;padding:.4em 1em;color:#fff;background:#00703c;border:0;box-shadow:0 2px 0 #002d18;cursor:pointer}
.search button:hover{background:#005a30}
.search button:focus{outline:3px solid #fd0;outline-offset:0;background:#fd0;color:#0b0c0c;box-shadow:0 2px 0 #0b0c0c}
.search ul{list-style:none;padding:0;margin:.5em 0 0;max-width:36em}
.search li{padding:.4em 0;border-bottom:1px solid #b1b4b6}
.status-line{min-height:1.5em;margin:.4em 0 0}
.near .status-line{font-weight:700;margin:.3em 0 0}
.hours{width:auto}
.hours th{font-weight:400}
.status-unknown{color:#383f43;background:#f3f2f1}
.status:empty{visibility:hidden}
.button{display:inline-block;font:inherit;font-weight:700;font-size:1.1rem;line-height:1.25;min-height:48px;padding:.6em 1.1em;color:#fff;background:#00703c;border:0;box-shadow:0 2px 0 #002d18;cursor:pointer;text-decoration:none;text-align:center}
.button:visited,.button:hover{color:#fff;background:#005a30}
.button:focus{outline:3px solid transparent;color:#0b0c0c;background:#fd0;box-shadow:0 2px 0 #0b0c0c}
.button-secondary,.button-secondary:visited{color:#0b0c0c;background:#f3f2f1;box-shadow:0 2px 0 #929191}
.button-secondary:hover{color:#0b0c0c;background:#dbdad9}
.actions{display:flex;flex-wrap:wrap;gap:.6em;margin:.6em 0 1em}
.actions .button{flex:1 1 10em}
.near{border:2px solid #1d70b8;padding:10px 15px;margin:0 0 1.5em}
.emergency{border:3px solid #d4351c;background:#fff;padding:4px 10px;margin:0 0 .8em}
.emergency p{margin:0}
.emergency a{font-weight:700}
.locate{display:flex;flex-wrap:wrap;align-items:center;gap:.2em .8em;margin:.2em 0 .3em}
.suggest{list-style:none;padding:0;margin:.3em 0 0;max-width:36em}
.suggest li{padding:.35em 0;border-bottom:1px solid #b1b4b6}
.suggest .status{display:inline-block;min-height:0;margin:0 0 0 .5em;font-size:.9rem;padding:0 .4em}
.link{font:inherit;color:#1d70b8;background:none;border:0;padding:.2em 0;text-decoration:underline;text-underline-offset:.1em;cursor:pointer;text-align:left}
.link:hover{color:#003078;text-decoration-thickness:3px}
.link:focus{outline:3px solid transparent;color:#0b0c0c;background:#fd0;box-shadow:0 -2px #fd0,0 4px #0b0c0c;text-decoration:none}
.group{font-size:1.2rem;margin:.6em 0 .2em}
.rank{display:inline-block;min-width:1.5em;padding:0 .3em;margin-right:.2em;border-radius:1em;background:#0b0c0c;color:#fff;text-align:center;font-size:.85em;line-height:1.5}
.near-map-figure{margin:1em 0 0}
main:has([data-page="near-me"]){min-height:100vh}
.near-map{background:#f3f2f1;max-height:none}
.near-map .ground{fill:#f3f2f1}
.near-map .ring{fill:none;stroke:#6f777b;stroke-width:1;stroke-dasharray:4 3}
.near-map .ring-label{font-size:11px;fill:#383f43}
.pin circle{stroke:#fff;stroke-width:2}
.pin .leader{stroke:#0b0c0c;stroke-width:1}
.pin .spot{stroke:none;fill:#0b0c0c}
.pin-open circle{fill:#005a30}
.pin-closed circle{fill:#942514}
.pin-unknown circle{fill:#383f43}
.map .pin text{fill:#fff;font-size:11px;font-weight:700}
.near-map .centre{stroke:#0b0c0c;stroke-width:3;stroke-linecap:round}
.near h2{margin-top:.2em}
.near .search{margin:.3em 0}
.near .search label{font-size:1rem}
.filter{display:flex;align-items:center;gap:.5em;margin:.5em 0}
.filter input{width:1.5em;height:1.5em;margin:0}
.filter label{font-weight:700}
.distance{font-size:1.05rem}
.results{margin-top:.5em}
.pager ul{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.5em 1em}
.pager a,.pager span{display:inline-block;padding:.4em .2em;min-height:44px}
.nav li:last-child{margin-left:auto}
.op{display:inline-block;font-weight:700;font-size:.8rem;padding:0 .4em;margin-right:.5em;background:#1d70b8;color:#fff}
@media (min-width:641px){body{font-size:1.1875rem}h1{font-size:3rem}h2{font-size:2.25rem}h3{font-size:1.5rem}.breadcrumbs ol{font-size:1rem}}
@media print{.header,.footer,.skip-link,.map{display:none}}
`;

/**
 * The stylesheet of browsers without JavaScript (linked inside \`<noscript>\`): what only a script makes work is
 * hidden, what stands in for it shown. With JavaScript those parts are in place from the first paint, and nothing
 * moves when the script wires them up.
 */
export const NOSCRIPT_CSS = `[data-js]{display:none!important}
[data-no-js][hidden]{display:block!important}
`;
