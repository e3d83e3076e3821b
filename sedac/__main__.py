from .cli import run

run(prog_name="sedac")
