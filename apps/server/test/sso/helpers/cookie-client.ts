/**
 * A tiny browser stand-in for redirect flows: keeps cookies per host:port (ignoring Path and
 * SameSite), follows redirects by hand and can submit the IdP's HTML forms.
 */
export class CookieClient {
  private readonly jars = new Map<string, Map<string, string>>();

  cookie(url: string, name: string): string | undefined {
    return this.jars.get(new URL(url).host)?.get(name);
  }

  setCookie(url: string, name: string, value: string): void {
    const host = new URL(url).host;
    const jar = this.jars.get(host) ?? new Map<string, string>();
    jar.set(name, value);
    this.jars.set(host, jar);
  }

  dropCookie(url: string, name: string): void {
    this.jars.get(new URL(url).host)?.delete(name);
  }

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const host = new URL(url).host;
    const jar = this.jars.get(host) ?? new Map<string, string>();
    this.jars.set(host, jar);
    const headers = new Headers(init.headers);
    if (jar.size > 0) headers.set("Cookie", [...jar].map(([k, v]) => `${k}=${v}`).join("; "));
    const response = await fetch(url, { ...init, headers, redirect: "manual" });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some(
        (a) => /max-age=0/i.test(a.trim()) || /expires=thu, 01 jan 1970/i.test(a.trim()),
      );
      if (expired || value === "") jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  }

  /** Follows redirects from `url` until a non-redirect answer; returns it and the URL that gave it. */
  async follow(
    url: string,
    init: RequestInit = {},
    limit = 15,
  ): Promise<{ response: Response; url: string }> {
    let current = url;
    let response = await this.request(current, init);
    for (let hops = 0; hops < limit && response.status >= 300 && response.status < 400; hops++) {
      const location = response.headers.get("Location");
      if (!location) break;
      current = new URL(location, current).href;
      response = await this.request(current);
    }
    return { response, url: current };
  }
}
