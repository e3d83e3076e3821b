def main() -> None:
    """The `sedac` program: the compiled-pattern cache first (`sedac.compiled_re`), so that
    the patterns the CLI's own imports compile are built from it too, then the CLI."""
    from . import compiled_re
    compiled_re.install()
    from .cli import run
    run(prog_name="sedac")


if __name__ == "__main__":
    main()
