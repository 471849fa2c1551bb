from databricks.bundles.jobs import PeriodicTriggerConfiguration, PeriodicTriggerConfigurationTimeUnit, TriggerSettings

EVERY_15_MINUTES = TriggerSettings(
    periodic=PeriodicTriggerConfiguration(interval=15, unit=PeriodicTriggerConfigurationTimeUnit.MINUTES),
)
