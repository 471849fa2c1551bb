names = ["a", "b"]
table = {"name": "events"}
print(f"{", ".join(names)}")
print(f"{table["name"]}")
print(f"{'\n'.join(names)}")
print(f"{
    table['name']  # a comment inside
}")
print(f"{f"{f"{1}"}"}")
