// The errors every module throws, and how a value is named in them.
'use strict';

function fail(message) {
  const error = new Error(`landlock-run: ${message}`);
  error.code = 'LANDLOCK_RUN';
  return error;
}

// How a value is named in an error: a string quoted, else its kind.
function describe(v) {
  if (typeof v === 'string') return JSON.stringify(v);
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return typeof v;
}

// A key that takes one value or a list of them, as a list (false: none).
function list(v) {
  if (v === undefined || v === false) return [];
  return Array.isArray(v) ? v : [v];
}

module.exports = { fail, describe, list };
