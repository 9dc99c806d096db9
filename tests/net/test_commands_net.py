"""The ``serve`` and ``join`` commands: their options and what they refuse before connecting."""

from __future__ import annotations

from click.testing import CliRunner

from uno_cli.cli import main


def test_serve_help_names_the_default_port_and_the_listen_option():
    result = CliRunner().invoke(main, ["serve", "--help"])
    assert result.exit_code == 0
    assert "--listen" in result.output and "8662" in result.output


def test_serve_refuses_an_address_without_a_port_number():
    result = CliRunner().invoke(main, ["serve", "--listen", "0.0.0.0:http"])
    assert result.exit_code == 2
    assert "ADDR:PORT" in result.output


def test_join_refuses_an_address_it_cannot_read():
    result = CliRunner().invoke(main, ["join", "host:port", "--passcode", "x"])
    assert result.exit_code == 2
    assert "HOST:PORT" in result.output
