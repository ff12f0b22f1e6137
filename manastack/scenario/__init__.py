"""Scenario files and the command language: parsing and validation into typed data."""
