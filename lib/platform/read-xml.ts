import { XMLParser, XMLValidator } from "fast-xml-parser";

/*
 * XML from outside (bank statements, e-invoice receiving proposals), read with bounds. Internal DTD
 * entities could expand without bound and none of these messages carries a DTD, so a document with
 * one is refused before anything else reads it; nesting is capped by the parser. Element names lose
 * their namespace prefixes (the messages are told apart by name), attributes are kept under "@name",
 * and every value stays text: "0012" is a reference or a customer number, not the number 12.
 */

export type XmlNode = Record<string, unknown>;

/** Why a text is not XML these readers take; `detail` of a malformed one says where, for the sender. */
type XmlRefusal = { problem: "not_xml" } | { problem: "dtd" } | { problem: "malformed"; detail: string } | { problem: "too_deep" } | { problem: "unreadable" };

interface XmlReaderOptions {
  /** Elements that may occur more than once: always read as arrays, even when there is one. */
  repeated: readonly string[];
  /** The deepest nesting a real message has, with room to spare. */
  maxDepth: number;
  /** Whether character references (&#228;) are read as the characters they are. */
  characterReferences?: boolean;
}

/** A reader for one kind of message: its text (with no byte order mark) in, its elements or why not out. */
export function xmlReader(options: XmlReaderOptions): (xml: string) => { ok: true; root: XmlNode } | ({ ok: false } & XmlRefusal) {
  const repeated = new Set(options.repeated);
  const parser = new XMLParser({
    // Prefixes go from element names but the xmlns declarations stay, so a namespace can still be read.
    transformTagName: (name: string) => name.replace(/^[^:]*:/, ""),
    ignoreAttributes: false,
    attributeNamePrefix: "@",
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    processEntities: true,
    htmlEntities: options.characterReferences ?? false,
    isArray: (name: string) => repeated.has(name),
    maxNestedTags: options.maxDepth,
  });
  return (xml) => {
    if (!xml.trimStart().startsWith("<")) return { ok: false, problem: "not_xml" };
    if (xml.includes("<!DOCTYPE")) return { ok: false, problem: "dtd" };
    const valid = XMLValidator.validate(xml);
    if (valid !== true) return { ok: false, problem: "malformed", detail: `${valid.err.msg} (line ${valid.err.line}, column ${valid.err.col})` };
    try {
      return { ok: true, root: parser.parse(xml) as XmlNode };
    } catch (error) {
      // fast-xml-parser's own limits (nesting) throw plain errors: the file is refused, not a 500.
      return { ok: false, problem: error instanceof Error && /nested/i.test(error.message) ? "too_deep" : "unreadable" };
    }
  };
}
