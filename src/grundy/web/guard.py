"""Who the page answers: the ``Host`` it is named by, and the ``Origin`` of what it is sent.

A browser sends every request a page makes, whatever site the page came from,
to the address the page names.  Two checks keep other sites out of the
server (docs/security.md):

* **Host.**  Every request must name the server by a name it answers to
  (`Site.names`) and by its port.  A site that makes its own name point at
  127.0.0.1 (*DNS rebinding*) reaches the server with its own name in
  ``Host``, and is refused, so it can neither read the page nor use the API.
* **Origin.**  A request that changes something (POST) and says where it comes
  from (``Origin``, else ``Referer``) must come from the server's own pages; a
  form or script on another site is refused.  A request that says nothing
  (a script, ``curl``) is not a browser's cross-site request: it is served.

>>> site = Site(LOOPBACK_NAMES, 8765)
>>> site.refusal("GET", "127.0.0.1:8765", None, None) is None
True
>>> site.refusal("GET", "evil.example:8765", None, None)
"forbidden: this server is not 'evil.example:8765' (grundy serve --allow-host NAME adds a name)"
>>> site.refusal("POST", "localhost:8765", "http://evil.example", None)
"forbidden: a request from another site ('http://evil.example') may not play here"
"""

from __future__ import annotations

import ipaddress
import re
import socket
from collections.abc import Iterable
from dataclasses import dataclass
from urllib.parse import urlsplit

__all__ = ["LOOPBACK_NAMES", "Site", "is_loopback", "is_wildcard", "site_for"]

#: The names of this machine seen from itself.
LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})

#: The methods that change nothing (no Origin check).
_SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})

_HOST_NAME = re.compile(r"^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.?$")
#: ``host[:port]``: a name or IPv4 address, or an IPv6 address in brackets; a port of digits.
_AUTHORITY = re.compile(r"(?P<name>[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::(?P<port>[0-9]{1,5}))?")
#: What a URL must not hold, which a URL parser would drop or read past: spaces and controls.
_UNSEEN = re.compile(r"[\x00-\x20\x7f]")


@dataclass(frozen=True)
class Site:
    """The names (lowercase; IPv6 addresses without brackets) and the port a server
    answers to.  Port 80 is also the port of a ``Host`` that names none."""

    names: frozenset[str]
    port: int = 80

    def refusal(
        self,
        method: str,
        host: str | None,
        origin: str | None,
        referer: str | None,
        target: str = "/",
    ) -> str | None:
        """Why a request with these headers and this request target (the path as sent on
        the request line) is refused (one line), or None to serve it.

        Only a path is served (a request for ``http://elsewhere/…`` is meant for a
        proxy), and the names are read strictly (`is_own`).
        """
        if not target.startswith("/"):
            return f"forbidden: this server serves paths, not {_short(target)!r}"
        if host is None or not self.is_own(host, "http"):
            return (
                f"forbidden: this server is not {_short(host or '')!r} "
                "(grundy serve --allow-host NAME adds a name)"
            )
        source = origin if origin is not None else referer
        if method.upper() in _SAFE_METHODS or source is None:
            return None
        if self._is_page(source, bare=origin is not None):
            return None
        return f"forbidden: a request from another site ({_short(source)!r}) may not play here"

    def _is_page(self, source: str, bare: bool) -> bool:
        """Whether `source` (the ``Origin``, else the ``Referer``) is one of this server's
        pages: a URL of its own (`is_own`), nothing but ``scheme://host[:port]`` if `bare`
        (an ``Origin``), and no spaces or controls a URL parser would drop."""
        if _UNSEEN.search(source) is not None:
            return False
        split = urlsplit(source)
        if bare and source != f"{split.scheme}://{split.netloc}":
            return False
        return split.scheme in ("http", "https") and self.is_own(split.netloc, split.scheme)

    def is_own(self, authority: str, scheme: str) -> bool:
        """Whether `authority` (``host[:port]``, as a ``Host`` header or a URL names a
        server) names this one, read strictly: one of its names, or a bracketed IPv6
        address of them, and its port written as it is (none for the `scheme`'s own);
        nothing else (no user, no spaces, no second name, no zeros before a port).

        >>> site = Site(LOOPBACK_NAMES, 8765)
        >>> [site.is_own(a, "http") for a in ["localhost:8765", "[::1]:8765", "LocalHost:8765"]]
        [True, True, True]
        >>> [site.is_own(a, "http") for a in ["evil@localhost:8765", "localhost:08765", "::1"]]
        [False, False, False]
        """
        match = _AUTHORITY.fullmatch(authority)
        if match is None:
            return False
        name, port = match["name"].lower(), match["port"]
        if name.startswith("["):
            try:
                name = str(ipaddress.IPv6Address(name[1:-1]))
            except ValueError:
                return False
        if port is None:
            return self.port == {"http": 80, "https": 443}[scheme] and name in self.names
        return port == str(self.port) and name in self.names


def site_for(host: str, port: int, allowed: Iterable[str] = ()) -> Site:
    """The site of a server listening on `host`:`port`, answering also to `allowed` names.

    A loopback address answers to `LOOPBACK_NAMES`; an address on every interface
    (0.0.0.0, ::) to those, this machine's name and the addresses it resolves to;
    any other address or name to itself.

    >>> sorted(site_for("127.0.0.1", 8765, ["grundy.test"]).names)
    ['127.0.0.1', '::1', 'grundy.test', 'localhost']
    >>> site_for("192.0.2.7", 80).names
    frozenset({'192.0.2.7'})
    """
    names = {_host_name(name) for name in allowed}
    if is_wildcard(host):
        names |= LOOPBACK_NAMES | _this_machine()
    else:
        names.add(_host_name(host))
        if is_loopback(host):
            names |= LOOPBACK_NAMES
    return Site(frozenset(names), port)


def is_wildcard(host: str) -> bool:
    """Whether listening on `host` listens on every interface of this machine.

    >>> is_wildcard("0.0.0.0"), is_wildcard("[::]"), is_wildcard("127.0.0.1")
    (True, True, False)
    """
    return host.strip().strip("[]") in ("0.0.0.0", "::", "")


def is_loopback(host: str) -> bool:
    """Whether `host` is reachable from this machine only.

    >>> is_loopback("127.0.0.1"), is_loopback("localhost"), is_loopback("0.0.0.0")
    (True, True, False)
    """
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _host_name(name: str) -> str:
    """A host name or address as a ``Host`` header's host name reads: lowercase, no brackets.

    >>> _host_name("Grundy.Example"), _host_name("[::1]")
    ('grundy.example', '::1')
    """
    bare = name.strip().lower()
    if bare.startswith("[") and bare.endswith("]"):
        bare = bare[1:-1]
    try:
        return str(ipaddress.ip_address(bare))
    except ValueError:
        pass
    if not _HOST_NAME.match(bare):
        raise ValueError(f"bad host name {name!r}: expected a name such as grundy.local or an IP")
    return bare


def _this_machine() -> set[str]:
    """This machine's name, its full name, the addresses its name resolves to, and the
    address it sends from to other networks (its address on the local network)."""
    name = socket.gethostname()
    names = {name.lower(), socket.getfqdn(name).lower()}
    try:
        found = socket.getaddrinfo(name, None)
    except OSError:  # a name that does not resolve: the names only
        found = []
    names |= {str(info[4][0]).split("%")[0].lower() for info in found}
    try:  # connecting a UDP socket sends nothing: it only picks the route
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never a real host
            names.add(probe.getsockname()[0])
    except OSError:  # no network
        pass
    return names


def _short(text: str, width: int = 60) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"
