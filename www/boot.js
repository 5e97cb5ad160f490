// Runs before the first paint, as a blocking classic script in the page's
// head (the content security policy allows no inline script): the colour
// scheme, the embed and handout layouts, and the solver's compile, begun
// while the rest of the page loads.

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
// Compiles the solver while the page loads; app.js instantiates it.
window.thistleWasm = WebAssembly.compileStreaming?.(fetch('pkg/thistle_bg.wasm')).catch(() => undefined);
