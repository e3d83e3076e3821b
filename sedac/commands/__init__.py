"""The commands of `sedac`, one module per group of commands (`sedac.cli.COMMANDS` names
which): each is imported only when one of its commands runs or `--help` lists them."""
