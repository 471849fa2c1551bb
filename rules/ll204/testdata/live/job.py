contacts = spark.readStream.table("main.crm.contacts")  # want: LL204 "main.crm.contacts, which has 10 MERGE, UPDATE or DELETE commits in its recent history"
events = spark.readStream.table("main.crm.events")
