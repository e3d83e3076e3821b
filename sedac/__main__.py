def main() -> None:
    """The `sedac` program: what earlier runs compiled first (`sedac.startup_cache`), so that
    what the CLI's own imports compile is built from it too, then the CLI."""
    from . import startup_cache
    startup_cache.install()
    from .cli import run
    run(prog_name="sedac")


if __name__ == "__main__":
    main()
