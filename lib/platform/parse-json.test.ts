import { describe, expect, it } from "vitest";

import { exceedsDepth, MAX_JSON_DEPTH, parseJson } from "./parse-json";

const nested = (depth: number, inner = "1") => `${'{"a":'.repeat(depth)}${inner}${"}".repeat(depth)}`;

describe("parseJson", () => {
  it("parses JSON within the bounds, brackets inside strings not counted", () => {
    expect(parseJson(Buffer.from('{"a":[1,{"b":"x"}],"c":"[[[[{{{{\\"]]"}'))).toEqual({ a: [1, { b: "x" }], c: '[[[[{{{{"]]' });
    expect(parseJson(nested(MAX_JSON_DEPTH))).toBeTypeOf("object");
  });

  it("refuses nesting deeper than the limit, at once however deep", () => {
    expect(() => parseJson(nested(MAX_JSON_DEPTH + 1))).toThrow(`nest deeper than ${MAX_JSON_DEPTH} levels`);
    const deep = nested(50_000);
    expect(() => parseJson(deep)).toThrow("nest deeper");
    expect(exceedsDepth(`[${'"\\\\"'}]`, 1)).toBe(false);
  });

  it("refuses invalid UTF-8 instead of replacing it", () => {
    expect(() => parseJson(Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]))).toThrow("not valid UTF-8");
    expect(parseJson(Buffer.from('{"a":"Meikäläinen"}'))).toEqual({ a: "Meikäläinen" });
  });

  it("passes JSON's own syntax errors through", () => {
    expect(() => parseJson("{")).toThrow(SyntaxError);
  });
});

describe("lone surrogates", () => {
  it("refuses a \\u escape that leaves half of a surrogate pair alone, and takes whole pairs", () => {
    expect(() => parseJson('{"cid":"\\udfff"}')).toThrow("surrogate");
    expect(() => parseJson('{"cid":"a\\ud83dz"}')).toThrow("surrogate");
    expect(() => parseJson('{"cid":"\\ud83d"}')).toThrow("surrogate");
    expect(parseJson('{"cid":"\\ud83d\\ude00 \\u00e4"}')).toEqual({ cid: "😀 ä" });
    // An escaped backslash before "ud800" is text, not an escape.
    expect(parseJson('{"cid":"\\\\ud800"}')).toEqual({ cid: "\\ud800" });
  });

  it("lets them through when asked, still refusing nesting past the limit after them", () => {
    expect(parseJson('["\\udfff"]', { allowLoneSurrogates: true })).toEqual(["\udfff"]);
    expect(() => parseJson(`["\\udfff",${"[".repeat(100)}${"]".repeat(100)}]`, { allowLoneSurrogates: true })).toThrow("nest deeper");
  });
});
