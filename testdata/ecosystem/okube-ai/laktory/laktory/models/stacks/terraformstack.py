import json
import os
import re
from collections import defaultdict
from typing import Any

from pydantic import model_validator

from laktory._logger import get_logger
from laktory._settings import settings
from laktory._useragent import set_databricks_sdk_upstream
from laktory.constants import CACHE_ROOT
from laktory.models.basemodel import BaseModel
from laktory.models.resources.databricks._renderablefile import RenderableFileMixin
from laktory.models.resources.providers.baseprovider import BaseProvider

logger = get_logger(__name__)


def _substitute_terraform_refs(obj, pattern, replacer):
    if isinstance(obj, str):
        if "${resources." not in obj:
            return obj
        return pattern.sub(replacer, obj)
    elif isinstance(obj, dict):
        return {
            k: _substitute_terraform_refs(v, pattern, replacer) for k, v in obj.items()
        }
    elif isinstance(obj, list):
        return [_substitute_terraform_refs(v, pattern, replacer) for v in obj]
    return obj


class ConfigValue(BaseModel):
    type: str = "String"
    description: str = None
    default: Any = None


class TerraformRequiredProvider(BaseModel):
    source: str
    version: str | None = None


class TerraformConfig(BaseModel):
    required_providers: dict[str, TerraformRequiredProvider] = None
    backend: dict[str, Any] | None = None


class TerraformStack(BaseModel):
    """
    A Terraform stack is terraform-specific flavor of the
    `laktory.models.Stack`. It re-structure the attributes to be aligned with a
     terraform json file.

    It is generally not instantiated directly, but rather created using
    `laktory.models.Stack.to_terraform()`.

    References
    ----------
    * [Stack](https://www.laktory.ai/concepts/stack/)
    """

    terraform: TerraformConfig = TerraformConfig()
    providers: dict[str, Any] = {}
    resources: dict[str, Any] = {}

    @model_validator(mode="after")
    def required_providers(self) -> Any:
        if self.terraform.required_providers is None:
            providers = {}
            for p in self.providers.values():
                providers[p.resource_name_without_alias] = TerraformRequiredProvider(
                    source=p.source, version=p.version
                )
            self.terraform.required_providers = providers

        return self

    def model_dump(self, *args, **kwargs) -> dict[str, Any]:
        """Serialize model to match the structure of a Terraform json file."""
        kwargs["exclude_none"] = kwargs.get("exclude_none", True)
        d = super().model_dump(*args, **kwargs)

        # Terraform uses singular top-level block names
        d["provider"] = d.pop("providers", {})
        d.pop("resources", None)

        # Special treatment of resources
        d["resource"] = defaultdict(lambda: {})
        d["data"] = defaultdict(lambda: {})
        for r in self.resources.values():
            if isinstance(r, RenderableFileMixin):
                r.check_staged()
            _d = r.terraform_properties
            if r.lookup_existing:
                d["data"][r.terraform_resource_lookup_type][r.resource_name] = (
                    r.lookup_existing.model_dump()
                )
                for k in r.resource_options.terraform_options:
                    if k in _d:
                        d["data"][r.terraform_resource_lookup_type][r.resource_name][
                            k
                        ] = _d[k]
            else:
                d["resource"][r.terraform_resource_type][r.resource_name] = _d
        d["data"] = dict(d["data"])
        if len(d["data"]) == 0:
            del d["data"]
        d["resource"] = dict(d["resource"])

        # Special treatment of moved blocks
        i = -1
        for r in self.resources.values():
            _from = r.resource_options.moved_from
            if _from:
                i += 1
                d[f"moved_{i:05d}"] = {
                    "from": f"{r.terraform_resource_type}.{_from}",
                    "to": f"{r.terraform_resource_type}.{r.resource_name}",
                }

        # Special treatment of import
        i = -1
        for r in self.resources.values():
            import_ = r.resource_options.import_
            if import_:
                i += 1
                d[f"import_{i:05d}"] = {
                    "id": import_,
                    "to": f"{r.terraform_resource_type}.{r.resource_name}",
                }

        # Translate ${resources.NAME} and ${resources.NAME.PROP} references into
        # Terraform cross-references using a single combined regex so the dict is
        # scanned once, not once per resource (O(N) vs the previous O(N×M)).
        resource_lookup = {
            r.resource_name: r
            for r in list(self.resources.values()) + list(self.providers.values())
        }
        if resource_lookup:
            # Sort longest-first so that e.g. "databricks.dev" is tried before
            # "databricks" - otherwise the shorter name wins in the alternation
            # and ".dev" is misread as a property reference.
            names_alt = "|".join(
                re.escape(n) for n in sorted(resource_lookup, key=len, reverse=True)
            )
            _pattern = re.compile(
                r"\$\{resources\.(" + names_alt + r")(?:\.([^}]*))?\}"
            )

            def _replacer(m, _lookup=resource_lookup):
                name, prop = m.group(1), m.group(2)
                r = _lookup[name]
                if isinstance(r, BaseProvider):
                    base = name
                elif r.lookup_existing:
                    base = f"data.{r.terraform_resource_lookup_type}.{name}"
                else:
                    base = f"{r.terraform_resource_type}.{name}"
                return f"${{{base}.{prop}}}" if prop is not None else base

            d = _substitute_terraform_refs(d, _pattern, _replacer)

        return d

    # ----------------------------------------------------------------------- #
    # Terraform Methods                                                       #
    # ----------------------------------------------------------------------- #

    def write(self) -> str:
        """
        Write Terraform json configuration file

        Returns
        -------
        :
            Filepath of the configuration file
        """
        filepath = os.path.join(CACHE_ROOT, "stack.tf.json")
        logger.info(f"Writing terraform config at '{filepath}'")

        if not os.path.exists(CACHE_ROOT):
            os.makedirs(CACHE_ROOT)

        text = json.dumps(self.model_dump(), indent=4)

        # Terraform stack file is not a strict format. Some keys might be
        # repeated and require special treatment.

        # Special treatment of providers with aliases
        for _, p in self.providers.items():
            if p.alias is not None:
                text = text.replace(
                    f'"{p.resource_name}":',
                    f'"{p.resource_name_without_alias}":',
                )

        # Special treatment of moved
        text = re.sub(r'"moved_\d+": {', '"moved": {', text)

        # Special treatment of import
        text = re.sub(r'"import_\d+": {', '"import": {', text)

        # Output
        with open(filepath, "w", encoding="utf-8") as fp:
            fp.write(text)

        return filepath

    def _call(self, command: str, flags: list[str] = None):
        from laktory.cli._common import Worker

        self.write()
        worker = Worker()

        cmd = ["terraform", command]

        if flags is not None:
            cmd += flags

        # Inject user-agent value for monitoring usage as a Databricks partner
        set_databricks_sdk_upstream()

        logger.info(f"Invoking '{' '.join(cmd)}'")
        worker.run(
            cmd=cmd,
            cwd=CACHE_ROOT,
            raise_exceptions=settings.cli_raise_external_exceptions,
        )

    def init(self, flags: list[str] = None) -> None:
        """
        Runs `terraform init`

        Parameters
        ----------
        flags:
            List of flags / options for terraform plan
        """
        self._call("init", flags=flags)

    def plan(self, flags: list[str] = None) -> None:
        """
        Runs `terraform plan`

        Parameters
        ----------
        flags:
            List of flags / options for terraform plan
        """
        self._call("plan", flags=flags)

    def apply(self, flags: list[str] = None):
        """
        Runs `terraform apply`

        Parameters
        ----------
        flags:
            List of flags / options for terraform apply
        """
        self._call("apply", flags=flags)

    def destroy(self, flags: list[str] = None):
        """
        Runs `terraform destroy`

        Parameters
        ----------
        flags:
            List of flags / options for terraform destroy
        """
        self._call("destroy", flags=flags)
