"""A class whose methods make writers from the DataFrame they are given."""


class Sinks:
    def __init__(self, root="/chk"):
        self.root = root

    def writer(self, df, checkpoint):
        return df.writeStream.format("delta").option("checkpointLocation", checkpoint)

    def scheduled(self, df):
        return df.writeStream.format("delta").trigger(availableNow=True)

    def cleaned(self, df):
        return df.dropDuplicates(["id"])
