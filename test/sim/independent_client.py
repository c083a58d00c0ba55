#!/usr/bin/env python3
"""Independent client for the local exchange: Python 3 standard library only.

Reads the context over REST, subscribes to order-book@<market> over a hand-written WebSocket client
(HTTP upgrade, masked client frames, unmasked server frames with 7/16/64-bit lengths), applies the
snapshot (mt 15) and deltas (mt 16), prints SYNCED, waits for a line on stdin (the test pauses the
exchange meanwhile), drains what is still in flight, then fetches GET /book?levels=100 and prints
{"market", "applied", "rebuilt", "rest"} as JSON. It shares no code with the TypeScript client.
"""
import base64, hashlib, json, os, socket, struct, sys, urllib.parse, urllib.request

GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


class WebSocket:
    def __init__(self, url):
        u = urllib.parse.urlparse(url)
        self.sock = socket.create_connection((u.hostname, u.port or 80), timeout=10)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET {u.path} HTTP/1.1\r\nHost: {u.hostname}:{u.port}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(1)
            if not chunk:
                raise ConnectionError("closed during handshake")
            head += chunk
        lines = head.decode().split("\r\n")
        if " 101 " not in lines[0]:
            raise ConnectionError(lines[0])
        accept = base64.b64encode(hashlib.sha1((key + GUID).encode()).digest()).decode()
        if not any(l.lower().startswith("sec-websocket-accept:") and l.split(":", 1)[1].strip() == accept for l in lines):
            raise ConnectionError("bad Sec-WebSocket-Accept")

    def _exact(self, n):
        buf = b""
        while len(buf) < n:
            chunk = self.sock.recv(n - len(buf))
            if not chunk:
                raise ConnectionError("socket closed")
            buf += chunk
        return buf

    def send(self, opcode, payload):
        mask = os.urandom(4)
        n = len(payload)
        header = bytes([0x80 | opcode])
        if n < 126:
            header += bytes([0x80 | n])
        elif n < 65536:
            header += bytes([0x80 | 126]) + struct.pack("!H", n)
        else:
            header += bytes([0x80 | 127]) + struct.pack("!Q", n)
        self.sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def recv_text(self):
        """Next complete text message; answers pings; raises on close."""
        message = b""
        while True:
            b0, b1 = self._exact(2)
            fin, opcode, n = b0 & 0x80, b0 & 0x0F, b1 & 0x7F
            if b1 & 0x80:
                raise ConnectionError("server frames must not be masked")
            if n == 126:
                n = struct.unpack("!H", self._exact(2))[0]
            elif n == 127:
                n = struct.unpack("!Q", self._exact(8))[0]
            payload = self._exact(n)
            if opcode == 0x9:
                self.send(0xA, payload)
            elif opcode == 0x8:
                raise ConnectionError("server closed the socket")
            elif opcode in (0x0, 0x1):
                message += payload
                if fin:
                    return message.decode()


def apply(side, levels):
    for lvl in levels:
        if lvl["o"] == 0:
            side.pop(lvl["p"], None)
        else:
            side[lvl["p"]] = (lvl["s"], lvl["o"])


def main():
    rest, ws_url, want = sys.argv[1], sys.argv[2], int(sys.argv[3])
    ctx = json.load(urllib.request.urlopen(rest + "/v1/pub/context"))
    market = next(m["id"] for m in ctx["markets"] if m["symbol"] == "BTC")
    ws = WebSocket(ws_url + "/ws/v1/market-data")
    ws.send(0x1, json.dumps({"mt": 5, "subs": [{"stream": f"order-book@{market}", "subscribe": True}]}).encode())
    bid, ask, applied, synced = {}, {}, 0, False
    while True:
        try:
            frame = json.loads(ws.recv_text())
        except socket.timeout:
            break  # drained: nothing more in flight after the exchange was paused
        if frame.get("mt") == 15:
            bid, ask = {}, {}
        if frame.get("mt") in (15, 16) and frame.get("sid") == 1000000 + market:
            apply(bid, frame.get("bid", []))
            apply(ask, frame.get("ask", []))
            applied += frame["mt"] == 16
        if not synced and applied >= want:
            synced = True
            print("SYNCED", flush=True)
            sys.stdin.readline()
            ws.sock.settimeout(0.5)
    book = json.load(urllib.request.urlopen(f"{rest}/v1/market-data/{market}/book?levels=100"))
    rebuilt = {
        "bid": [{"p": p, "s": bid[p][0], "o": bid[p][1]} for p in sorted(bid, reverse=True)[:100]],
        "ask": [{"p": p, "s": ask[p][0], "o": ask[p][1]} for p in sorted(ask)[:100]],
    }
    print(json.dumps({"market": market, "applied": applied, "rebuilt": rebuilt,
                      "rest": {"bid": book["bid"], "ask": book["ask"]}}), flush=True)


if __name__ == "__main__":
    main()
