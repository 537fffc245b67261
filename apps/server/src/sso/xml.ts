import { createRequire } from "node:module";

/** The little of a DOM element the SAML checks read. */
export interface XmlElement {
  getAttribute(name: string): string | null;
  getElementsByTagNameNS(namespace: string, localName: string): ArrayLike<XmlElement>;
  textContent: string | null;
}

export interface XmlDocument {
  getElementsByTagNameNS(namespace: string, localName: string): ArrayLike<XmlElement>;
}

interface XmlDomModule {
  DOMParser: new (options?: {
    errorHandler?: Record<"warning" | "error" | "fatalError", (message: string) => void>;
  }) => { parseFromString(xml: string, mimeType: string): XmlDocument };
}

// @xmldom/xmldom's own typings pull the browser's DOM library into the whole program, so the module
// is loaded untyped and seen through the small interfaces above.
const xmldom = createRequire(import.meta.url)("@xmldom/xmldom") as XmlDomModule;

export class XmlParseError extends Error {}

/** Parses XML (no external entities: xmldom resolves none); malformed input is an XmlParseError. */
export function parseXml(xml: string): XmlDocument {
  try {
    const fail = (message: string) => {
      throw new XmlParseError(message);
    };
    const parser = new xmldom.DOMParser({
      errorHandler: { warning: () => undefined, error: fail, fatalError: fail },
    });
    return parser.parseFromString(xml, "text/xml");
  } catch (err) {
    throw new XmlParseError(`Malformed XML: ${(err as Error).message.split("\n")[0]}`);
  }
}

export function elements(doc: XmlDocument | XmlElement, namespace: string, localName: string): XmlElement[] {
  return Array.from(doc.getElementsByTagNameNS(namespace, localName));
}
