// Engine errors (scoring/engine/errors.py): a message is its English template filled with
// its parameters the way Python's `template % params` would print them.

export class SuecaError extends Error {
  constructor(template, params = {}) {
    super(fill(template, params));
    this.name = new.target.name;
    this.template = template;
    this.params = params;
  }
}

export class RulesError extends SuecaError {}

export class CaseError extends SuecaError {}

export class DealError extends SuecaError {
  constructor(template, index = null, params = {}) {
    super(template, params);
    this.index = index;
  }
}

export function fill(template, params) {
  return template.replace(/%\((\w+)\)s/g, (_, key) => pyStr(params[key]));
}

// A value a message quotes as JSON writes it, spaced as Python's json.dumps (errors.as_json).
export function asJson(value) {
  if (value === null || value === undefined) return "null";
  if (Array.isArray(value)) return `[${value.map(asJson).join(", ")}]`;
  if (typeof value === "object") {
    return `{${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${asJson(v)}`).join(", ")}}`;
  }
  return JSON.stringify(value);
}

function pyStr(value) {
  return typeof value === "string" ? value : pyRepr(value);
}

function pyRepr(value) {
  if (value === null || value === undefined) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "string") return quote(value);
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(", ")}]`;
  const entries = Object.entries(value).map(([k, v]) => `${quote(k)}: ${pyRepr(v)}`);
  return `{${entries.join(", ")}}`;
}

function quote(text) {
  const mark = text.includes("'") && !text.includes('"') ? '"' : "'";
  const escaped = text.replace(/[\\\n\r\t\x00-\x1f\x7f]/g, (c) => {
    const named = { "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t" }[c];
    return named ?? `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`;
  });
  return mark + escaped.split(mark).join(`\\${mark}`) + mark;
}
