# The garbage collector's first generation is collected every GC_YOUNG allocations of
# container objects rather than Python's 700: starting `sedac` allocates a few hundred
# thousand (classes, functions, dataclasses, parser tables), all of which live to the end,
# and with the default the collector walks them again and again (about 16 M instructions, 4%
# of a small check). Refcounting frees everything else as before; cycles are still
# collected, a little later, so memory stays within a few megabytes of what it was.
GC_YOUNG = 50_000


def main() -> None:
    """The `sedac` program: what earlier runs compiled first (`sedac.startup_cache`), so that
    what the CLI's own imports compile is built from it too, then the CLI."""
    import gc
    _, older, oldest = gc.get_threshold()
    gc.set_threshold(max(GC_YOUNG, gc.get_threshold()[0]), older, oldest)
    from . import startup_cache
    startup_cache.install()
    from .cli import run
    run(prog_name="sedac")


if __name__ == "__main__":
    main()
