"""Which network the phones are served on: the home network the join codes name, nothing wider.

By default the server listens on the machine's address on the home network (the one the
QR codes carry) and on loopback, never on every interface: a café's Wi-Fi or a VPN the
machine is also on does not see the port. Whatever it listens on, it serves only peers of
a private network — RFC 1918, link-local, loopback, IPv6 unique-local and link-local —
and refuses the rest, reserved and documentation ranges included (Python's own
`is_private` counts some of those as private, so the list is written out here).
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Sequence

LOCAL_NETWORKS = tuple(ipaddress.ip_network(block) for block in (
    "127.0.0.0/8",      # loopback
    "10.0.0.0/8",       # RFC 1918
    "172.16.0.0/12",    # RFC 1918
    "192.168.0.0/16",   # RFC 1918
    "169.254.0.0/16",   # link-local
    "::1/128",          # loopback
    "fc00::/7",         # unique-local
    "fe80::/10",        # link-local
))
"""The networks whose peers are served."""
LOOPBACK = "127.0.0.1"
EVERY_INTERFACE = ("0.0.0.0", "::", "")


def peer_address(host: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """The address of a peer as the socket gives it (an IPv6 zone dropped, an IPv4 mapped
    into IPv6 unwrapped), or None if it is no address."""
    try:
        address = ipaddress.ip_address(host.split("%", 1)[0])
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def is_local_peer(host: str) -> bool:
    """Whether a peer is on a private network (the home network, or this machine)."""
    address = peer_address(host)
    return address is not None and any(address in network for network in LOCAL_NETWORKS
                                       if network.version == address.version)


def lan_address() -> str:
    """This machine's address on the home network (the one phones reach), or loopback.

    A UDP socket "connected" to an outside address makes the system choose the interface it
    would use; no packet is sent."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.254.254.254", 1))
        address = str(probe.getsockname()[0])
    except OSError:
        address = LOOPBACK
    finally:
        probe.close()
    return address if is_local_peer(address) else LOOPBACK


def listen_addresses(bind: str | None, lan: str) -> tuple[list[str], str]:
    """Where to listen and the address the codes name: by default (`bind` None) the LAN
    address and loopback; a chosen `bind` alone (every interface: the codes name the LAN)."""
    if bind is None:
        return list(dict.fromkeys((lan, LOOPBACK))), lan
    return [bind], lan if bind in EVERY_INTERFACE else bind


def family_of(host: str) -> socket.AddressFamily:
    """The socket family to listen on `host` with."""
    address = peer_address(host)
    return socket.AF_INET6 if address is not None and address.version == 6 else socket.AF_INET


def as_list(hosts: str | Sequence[str]) -> list[str]:
    return [hosts] if isinstance(hosts, str) else list(hosts)
