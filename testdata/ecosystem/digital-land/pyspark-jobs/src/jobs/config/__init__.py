# my_module/__init__.py
