/**
 * The showcase's stylesheet: the look of the UI library's parts it used (blue primary, gray
 * borders, Mantine's spacing and type scale), written out so the page needs no UI library to be
 * rendered on the server or hydrated in the browser. Contrast holds WCAG 2.2 AA throughout.
 */
export const SHOWCASE_CSS = `
.sc-page{box-sizing:border-box;max-width:1100px;margin:0 auto;padding:16px;display:flex;flex-direction:column;gap:32px;color:#000;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans",sans-serif;font-size:16px;line-height:1.55}
.sc-page *,.sc-page *::before,.sc-page *::after,.sc-overlay *{box-sizing:border-box}
.sc-page h1,.sc-page h2,.sc-page h3,.sc-page p,.sc-page ul{margin:0}
.sc-hero{background:#1864ab;color:#fff;border-radius:8px;padding:20px;display:flex;flex-direction:column;gap:16px}
.sc-hero h1{font-size:34px;line-height:1.3;font-weight:700}
.sc-subtitle{font-size:18px}
.sc-figures{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:32px}
.sc-figure-value{font-size:28px;font-weight:700;line-height:1.1}
.sc-small{font-size:14px}
.sc-row{display:flex;flex-wrap:wrap;align-items:center;gap:12px}
.sc-between{justify-content:space-between}
.sc-stack{display:flex;flex-direction:column;gap:6px}
.sc-gap-md{gap:16px}
.sc-button{display:inline-flex;align-items:center;justify-content:center;min-height:36px;padding:0 18px;font:inherit;font-size:14px;font-weight:600;line-height:1;border-radius:8px;border:1px solid transparent;cursor:pointer;text-decoration:none;width:fit-content}
.sc-filled{background:#1971c2;color:#fff}
.sc-filled:hover{background:#1864ab}
.sc-light{background:#e7f5ff;color:#1864ab}
.sc-light:hover{background:#d0ebff}
.sc-subtle{background:transparent;color:#1864ab}
.sc-subtle:hover{background:#e7f5ff}
.sc-white{background:#fff;color:#1864ab}
.sc-outline{background:transparent;color:#fff;border-color:#fff}
.sc-button:disabled{cursor:not-allowed;background:#e9ecef;color:#495057;border-color:transparent}
.sc-button:focus-visible,.sc-close:focus-visible,.sc-tab:focus-visible,.sc-panel:focus-visible,.sc-scroll:focus-visible,.sc-page a:focus-visible{outline:2px solid #1971c2;outline-offset:2px}
.sc-hero .sc-button:focus-visible{outline-color:#fff}
.sc-section{scroll-margin-top:16px}
.sc-section>h2{font-size:22px;line-height:1.35;font-weight:700;margin-bottom:12px}
.sc-card{background:#fff;border:1px solid #dee2e6;border-radius:8px;padding:16px;height:100%;overflow:hidden}
.sc-card-image{display:block;width:calc(100% + 32px);margin:-16px -16px 12px;height:160px;object-fit:cover}
.sc-card h3{font-size:18px;line-height:1.45;font-weight:700}
.sc-card h3 strong{font-weight:inherit}
.sc-badge{display:inline-block;width:fit-content;padding:0 10px;border-radius:16px;background:#e7f5ff;color:#1864ab;font-size:11px;font-weight:700;line-height:20px;text-transform:uppercase;letter-spacing:.25px}
.sc-grid{display:grid;gap:16px;grid-template-columns:1fr}
@media (min-width:576px){.sc-grid-3x{grid-template-columns:repeat(3,1fr)}}
@media (min-width:768px){.sc-grid-3{grid-template-columns:repeat(3,1fr)}.sc-featured{grid-template-columns:2fr 1fr}.sc-hero{padding:32px}}
.sc-tablist{display:flex;flex-wrap:wrap;border-bottom:2px solid #dee2e6}
.sc-tab{padding:10px 16px;margin-bottom:-2px;font:inherit;font-size:14px;background:none;border:0;border-bottom:2px solid #1971c2;color:#000;cursor:default;max-width:100%;overflow-wrap:anywhere;text-align:left}
.sc-tab[aria-selected=false]{border-bottom-color:transparent;color:#495057;cursor:pointer}
.sc-tab[aria-selected=false]:hover{background:#f1f3f5}
.sc-team-name{width:fit-content;max-width:100%;padding:2px 12px;border-radius:8px;color:#fff;overflow-wrap:anywhere}
.sc-panel{padding-top:16px}
.sc-stat-value{font-size:24px;font-weight:700}
.sc-scroll{overflow-x:auto}
.sc-table{width:100%;min-width:280px;border-collapse:collapse;font-size:14px}
.sc-table th,.sc-table td{padding:8px 10px;text-align:left;border-bottom:1px solid #dee2e6}
.sc-table tbody tr:nth-of-type(odd){background:#f8f9fa}
.sc-table tbody th{font-weight:500}
.sc-partner{display:flex;flex-direction:column;align-items:center;gap:4px}
.sc-partner img{height:48px;width:auto}
.sc-footer{padding:16px 0;border-top:1px solid #ced4da;text-align:center;font-size:14px}
.sc-hidden{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.sc-overlay{position:fixed;inset:0;z-index:1000;display:flex;align-items:center;justify-content:center;padding:16px;background:rgba(0,0,0,.6);font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans",sans-serif;font-size:16px;line-height:1.55;color:#000}
.sc-modal{width:100%;max-width:620px;max-height:calc(100vh - 32px);overflow-y:auto;background:#fff;border-radius:8px;padding:16px 20px 20px;display:flex;flex-direction:column;gap:12px}
.sc-modal-head{display:flex;align-items:center;justify-content:space-between;gap:12px}
.sc-modal-title{margin:0;font-size:18px;font-weight:600}
.sc-close{width:32px;height:32px;font-size:22px;line-height:1;background:none;border:0;border-radius:8px;color:#495057;cursor:pointer}
.sc-close:hover{background:#f1f3f5}
.sc-modal-image{max-width:100%;border-radius:4px}
.sc-prose img{max-width:100%}
.sc-prose a{color:#1864ab}
`;
