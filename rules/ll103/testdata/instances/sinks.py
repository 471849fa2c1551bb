"""A writer whose table and partition column are attributes of its settings."""


class Sink:
    def __init__(self, cfg):
        self.cfg = cfg

    def write(self, df):
        df.write.format("delta").mode("append").partitionBy(self.cfg.partition_col).saveAsTable(self.cfg.table)
