// vigie for Node, as CommonJS: `const { load } = require("vigie"); const vigie = await load();`
// The module itself is an ES module; load() is asynchronous anyway, so it imports it here.
"use strict";

async function load(options) {
  const m = await import("./index.mjs");
  return m.load(options);
}

module.exports = { load };
