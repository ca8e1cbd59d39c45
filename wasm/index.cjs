// vigie for Node, as CommonJS: `const { load } = require("vigie"); const vigie = await load();`
// The module itself is an ES module; load() is asynchronous anyway, so it imports it here.
"use strict";

async function load(options) {
  const m = await import("./index.mjs");
  return m.load(options);
}

async function createHook(harness, policySource, options) {
  const m = await import("./index.mjs");
  return m.createHook(harness, policySource, options);
}

function createOpencodePlugin(settings) {
  return async (ctx) => {
    const m = await import("./index.mjs");
    return m.createOpencodePlugin(settings)(ctx);
  };
}

module.exports = { load, createHook, createOpencodePlugin };
