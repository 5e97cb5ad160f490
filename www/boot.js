// Runs before the first paint, as a blocking classic script in the page's
// head (the content security policy allows no inline script): the colour
// scheme, the embed and handout layouts, a way in tapped early, and the
// solver's compile, begun while the rest of the page loads.

// The dark scheme from the first paint: the person's choice on this device,
// else the system's (appearance.js keeps it after).
try {
  const scheme = localStorage.getItem('thistle.scheme');
  const dark = scheme ? scheme === 'dark' : matchMedia('(prefers-color-scheme: dark)').matches;
  document.documentElement.dataset.scheme = dark ? 'dark' : 'light';
} catch {
  document.documentElement.dataset.scheme = matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}
// An embedded player (embed=1) is laid out as one from the first paint; the
// link codec checks the value with the rest of the link. Its rules are in a
// sheet of their own, which no other page needs.
if (/[?&]embed=1(&|#|$)/.test(location.search)) {
  document.documentElement.setAttribute('data-embed', '');
  document.write('<link rel="stylesheet" href="embed.css">');
}
if (/[?&]handout=1(&|#|$)/.test(location.search)) document.documentElement.setAttribute('data-handout', '');
// A way in tapped before the tabs are wired (with the rest of the page,
// once the solver is in) is kept for app.js, which takes it.
let tapped = null;
const tap = (event) => { tapped = event.target.closest?.('[role="tab"]')?.id ?? tapped; };
document.addEventListener('click', tap);
window.thistleTapped = () => {
  document.removeEventListener('click', tap);
  return tapped;
};
// Compiles the solver while the page loads; app.js instantiates it. Its
// download is counted on a copy of the response (the response itself stays
// the browser's, whose compiled code it caches), so that a slow line shows
// "Loading the solver… 40%" rather than nothing moving.
const solver = fetch('pkg/thistle_bg.wasm').then((response) => {
  const total = response.headers.get('content-encoding') ? 0 : Number(response.headers.get('content-length'));
  const reader = response.clone().body?.getReader();
  let got = 0;
  const count = () => reader?.read().then(({ done, value }) => {
    if (done) return;
    got += value.length;
    const loading = document.getElementById('loading');
    if (loading?.textContent.startsWith('Loading')) {
      loading.textContent = `Loading the solver… ${total ? `${Math.floor((100 * got) / total)}%` : `${Math.round(got / 1024)} KB`}`;
    }
    count();
  }, () => {});
  count();
  return response;
});
window.thistleWasm = WebAssembly.compileStreaming?.(solver).catch(() => undefined);
