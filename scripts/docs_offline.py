"""An MkDocs hook (mkdocs.yml names it): the site fetches nothing from the network.

A page of the site must work offline and tell no one else that it was read: no font,
script, style or picture from another host.  A plain link (``<a href>``) is fine: the
reader chooses to follow it.  mkdocs.yml asks for nothing off-site (Material's Google
Fonts are turned off: ``theme: font: false``); this hook

* removes from each notebook page without a Mermaid diagram the loader nbconvert puts
  on every one (it imports Mermaid from cdnjs.cloudflare.com when the page draws a
  diagram; no tutorial does), and
* reads every HTML and CSS file of the built site and logs a warning, which fails the
  strict build, for each thing a browser opening a page would fetch from another host
  (`off_site_loads`).

The theme's bundled JavaScript is not read: its two URLs, a ResizeObserver polyfill for
browsers older than 2020 and Mermaid for diagrams in Markdown (the site has none), are
fallbacks a page of this site never reaches.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from mkdocs.plugins import get_plugin_logger

log = get_plugin_logger("offline")

#: nbconvert's Mermaid loader (its template lab/mermaidjs.html.j2): one module script.
MERMAID_LOADER = re.compile(r'(?s)<script type="module">((?!</script>).)*?jp-Mermaid.*?</script>')
#: A Mermaid diagram drawn by a notebook's output.
MERMAID_DIAGRAM = re.compile(r'class="[^"]*\bjp-Mermaid\b')

#: A URL on another host: absolute, or protocol-relative ("//host/...").
OFF_SITE = re.compile(r"^\s*(https?:)?//", re.I)
#: A URL that CSS fetches: @import "…", @import url(…), url(…).
CSS_URL = re.compile(r"""(?:@import\s+(?:url\(\s*)?|url\(\s*)["']?([^"')\s;]+)""", re.I)
#: A URL written as a string in a script ("https://…", '//host/…', `…`).
SCRIPT_URL = re.compile(r"""["'`]((?:https?:)?//[^"'`\s]+)""", re.I)
#: The attributes whose URL a browser fetches on its own (on any element but a link).
FETCHED = {"src", "href", "srcset", "poster", "data", "xlink:href"}
#: Links to another document that a browser does not fetch.
NOT_FETCHED_RELS = {"canonical", "alternate", "author", "license"}


def css_loads(css: str) -> list[str]:
    """The URLs on other hosts that the style sheet or style attribute `css` fetches."""
    return [url for url in CSS_URL.findall(css) if OFF_SITE.match(url)]


class _Loads(HTMLParser):
    """The off-site URLs an HTML page loads, in `urls`."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.urls: list[str] = []
        self._inside: str | None = None  # "script" or "style" while reading one

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        link = tag == "a" or (tag == "link" and values.get("rel") in NOT_FETCHED_RELS)
        for name in set() if link else FETCHED & values.keys():
            candidates = values[name].split(",") if name == "srcset" else [values[name]]
            self.urls += [url.split()[0] for url in candidates if OFF_SITE.match(url)]
        self.urls += css_loads(values.get("style", ""))
        if tag in {"script", "style"}:
            self._inside = tag

    def handle_endtag(self, tag: str) -> None:
        if tag == self._inside:
            self._inside = None

    def handle_data(self, data: str) -> None:
        if self._inside == "style":
            self.urls += css_loads(data)
        elif self._inside == "script":
            self.urls += SCRIPT_URL.findall(data)


def off_site_loads(text: str, suffix: str = ".html") -> list[str]:
    """The URLs on other hosts that a browser fetches to show `text`, an HTML page or a
    style sheet (`suffix` ".css").

    >>> off_site_loads('<link rel="stylesheet" href="https://fonts.googleapis.com/css">'
    ...                '<a href="https://oeis.org/A000001">OEIS</a><img src="young.svg">')
    ['https://fonts.googleapis.com/css']
    >>> off_site_loads('@import url("//cdn.example.org/x.css"); b { color: red }', ".css")
    ['//cdn.example.org/x.css']
    """
    if suffix == ".css":
        return css_loads(text)
    parser = _Loads()
    parser.feed(text)
    parser.close()
    return parser.urls


def on_post_page(output: str, **kwargs: Any) -> str:
    """The page without nbconvert's Mermaid loader unless it draws a diagram."""
    return output if MERMAID_DIAGRAM.search(output) else MERMAID_LOADER.sub("", output)


def on_post_build(config: Any, **kwargs: Any) -> None:
    """A warning for everything a page or style sheet of the built site fetches off-site."""
    site = Path(config["site_dir"])
    for path in sorted([*site.rglob("*.html"), *site.rglob("*.css")]):
        for url in off_site_loads(path.read_text(encoding="utf-8"), path.suffix):
            log.warning(f"{path.relative_to(site)} fetches {url} from the network")
