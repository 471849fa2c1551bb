# Properties added inside a Python string must not end the string — é, 日本
spark.sql('CREATE TABLE main.crm.accounts_single (id BIGINT) USING DELTA')  # want: LL301
spark.sql("CREATE TABLE main.crm.accounts_newline (id BIGINT)\nUSING DELTA")  # want: LL301
spark.sql("CREATE TABLE main.crm.accounts_escaped_quotes (id BIGINT) USING DELTA TBLPROPERTIES (\"delta.appendOnly\" = \"true\")")  # want: LL301
spark.sql('''CREATE TABLE main.crm.accounts_triple_single (id BIGINT) USING DELTA''')  # want: LL301
