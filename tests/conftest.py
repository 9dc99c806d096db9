"""Shared pytest setup: makes the speech_daemon fixture available to every test."""

pytest_plugins = ["tests.speechd_fixture"]
