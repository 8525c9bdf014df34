"""``./dev bench`` (``python -m bench``): engine speed and what the cache saves, one run.

Ratios are measured side by side in this run; the absolute numbers depend on the machine.
"""

from __future__ import annotations

import argparse

from . import (
    analysis,
    batch,
    bots,
    cache,
    capacity,
    computed,
    contract,
    decode,
    engines,
    hits,
    hostile,
    load,
    mixtour,
    perf,
    te_trix,
    tric_trac,
    triominos,
)

SECTIONS = {
    "mixtour": mixtour.run,
    "tric-trac": tric_trac.run,
    "te-trix": te_trix.run,
    "triominos-junior": triominos.run,
    "decode": decode.run,
    "cache": cache.run,
    "hits": hits.run,
    "computed": computed.run,
    "hostile": hostile.run,
    "load": load.run,
    "perf": perf.run,
    "batch": batch.run,
    "capacity": capacity.run,
    "engines": engines.run,
    "bots": bots.run,
    "analyze": analysis.run,
    "contract": contract.run,
}


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("sections", nargs="*", choices=[*SECTIONS, []], help="default: all")
    parser.add_argument("--quick", action="store_true", help="smaller sets (a smoke run)")
    parser.add_argument(
        "--vs",
        metavar="PATH",
        help="perf, hits and computed: this checkout's service against PATH's, side by side",
    )
    parser.add_argument(
        "--only", metavar="GAME", help="computed: one game's rows (a label's start)"
    )
    parser.add_argument(
        "--cache-on",
        action="store_true",
        help="computed: the in-process cache on, as a server runs (each position asked once)",
    )
    args = parser.parse_args()
    for name in args.sections or SECTIONS:
        print(f"== {name}")
        if args.vs is not None:
            if name not in ("perf", "hits", "computed"):
                parser.error(
                    "--vs compares perf, hits and computed only: ./dev bench perf --vs PATH"
                )
            extra = {"only": args.only, "cache": args.cache_on} if name == "computed" else {}
            SECTIONS[name](quick=args.quick, vs=args.vs, **extra)
        elif name == "computed":
            computed.run(quick=args.quick, only=args.only, cache=args.cache_on)
        else:
            SECTIONS[name](quick=args.quick)


if __name__ == "__main__":
    main()
