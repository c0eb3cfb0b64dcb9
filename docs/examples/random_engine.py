#!/usr/bin/env python3
"""A self-contained random Fanorona engine speaking the protocol of docs/PROTOCOL.md.

It plays a uniformly random complete legal turn (every capture path and stopping point
counts as its own turn, as the `random` level does), under the default rules of
docs/RULES.md. Its random choices are seeded by the Seed option, which fanorona sets
before each game, so a tournament against it is reproducible. Standard library only.

    fanorona tournament --engine "name=pyrandom,cmd=python3 docs/examples/random_engine.py" \
        --players greedy,pyrandom --format gauntlet --games 100
"""
import random
import sys

COLS, ROWS = 9, 5
START = "BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW w"
ORTHO = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]


def name(x, y):
    return "abcdefghi"[x] + str(y + 1)


def on(x, y):
    return 0 <= x < COLS and 0 <= y < ROWS


def dirs(x, y):  # diagonal lines pass only through points with an even coordinate sum
    return ORTHO + DIAG if (x + y) % 2 == 0 else ORTHO


def parse_fen(fen):
    rows, side = fen.split()[:2]
    board = {}
    for i, row in enumerate(rows.split("/")):
        x, y = 0, ROWS - 1 - i
        for ch in row:
            if ch.isdigit():
                x += int(ch)
            else:
                board[(x, y)] = "W" if ch in "WP" else "B"
                x += 1
    return board, side.upper()


def line(board, x, y, dx, dy, enemy):  # the unbroken enemy line from (x, y) along (dx, dy)
    out = []
    while on(x, y) and board.get((x, y)) == enemy:
        out.append((x, y))
        x, y = x + dx, y + dy
    return out


def chains(board, side, x, y, visited, last, text):
    """Every capture turn of the piece on (x, y): (notation, board after)."""
    enemy = "B" if side == "W" else "W"
    for dx, dy in dirs(x, y):
        nx, ny = x + dx, y + dy
        if (dx, dy) == last or not on(nx, ny) or (nx, ny) in board or (nx, ny) in visited:
            continue
        for kind, taken in (("A", line(board, nx + dx, ny + dy, dx, dy, enemy)),
                            ("W", line(board, x - dx, y - dy, -dx, -dy, enemy))):
            if taken:
                after = dict(board)
                del after[(x, y)]
                after[(nx, ny)] = side
                for p in taken:
                    del after[p]
                t = text + name(nx, ny) + kind
                yield t, after  # the turn may stop here ...
                yield from chains(after, side, nx, ny, visited | {(nx, ny)}, (dx, dy), t)  # ... or go on


def turns(board, side):
    own = sorted(p for p, c in board.items() if c == side)
    caps = [t for (x, y) in own for t in chains(board, side, x, y, {(x, y)}, None, name(x, y))]
    if caps:
        return caps  # capturing is compulsory
    out = []
    for x, y in own:
        for dx, dy in dirs(x, y):
            if on(x + dx, y + dy) and (x + dx, y + dy) not in board:
                after = dict(board)
                del after[(x, y)]
                after[(x + dx, y + dy)] = side
                out.append((name(x, y) + name(x + dx, y + dy), after))
    return out


def main():
    seed, rng = 0, random.Random(0)
    board, side = parse_fen(START)
    for text in sys.stdin:
        cmd = text.split()
        if not cmd:
            continue
        if cmd[0] == "uci":
            print("id name random_engine.py\nid author fanorona docs\n"
                  "option name Seed type spin default 0 min 0 max 9223372036854775807\nuciok", flush=True)
        elif cmd[0] == "isready":
            print("readyok", flush=True)
        elif cmd[:3] == ["setoption", "name", "Seed"] and len(cmd) == 5:
            seed = int(cmd[4])
        elif cmd[0] == "ucinewgame":
            rng = random.Random(seed)
        elif cmd[0] == "position":
            moves = cmd.index("moves") if "moves" in cmd else len(cmd)
            board, side = parse_fen(START if cmd[1] == "startpos" else " ".join(cmd[2:moves]))
            for m in cmd[moves + 1:]:
                board = dict(turns(board, side))[m.replace("-", "")]
                side = "B" if side == "W" else "W"
        elif cmd[0] == "go":
            legal = turns(board, side)
            print("bestmove " + (rng.choice(legal)[0] if legal else "0000"), flush=True)
        elif cmd[0] == "quit":
            break


if __name__ == "__main__":
    main()
