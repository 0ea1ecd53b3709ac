"""Checks deploy/k8s/ against the platform itself, beyond what the API schemas say.

kubernetes-validate proves each object is well-formed for a Kubernetes version; this
proves the objects fit the gym processes: every workload listens where its peers look
for it (GYM_<NAME>_LISTEN / GYM_<PEER>_ADDR, from the `calls` of the platform's
manifest, Shared/GymService/Platform/PlatformManifest.swift, as `gymctl manifest` prints
it), probes the port it serves, is locked down
(non-root, read-only root, no privilege escalation, no capabilities, requests and
limits), keeps its data on its own volume, and that the NetworkPolicies open each gRPC
port to exactly the gateway and the services that call it. Mail is auth's alone: only auth
names an SMTP relay (GYM_SMTP_*), reads its password from the gym-smtp Secret, and is let
out of the cluster to the SMTP ports; besides that, only pods that run Litestream's sidecar
(replication.yaml) leave it, to the object store on 443. Prints one line per problem and
exits 1 if there is any.

    gymctl manifest > /tmp/manifest.json
    python3 scripts/k8s-consistency.py deploy/k8s /tmp/manifest.json

The same agreement (ports, addresses, volumes, network policies) is also proved in the
test run by Tests/DeploymentTests.
"""
import glob
import json
import os
import sys

import yaml

problems = []

# Addresses outside the platform (GYM_<NAME>_ADDR that names no gym service).
EXTERNAL_ADDRESSES = {"smtp"}
# Where auth's SMTP relay may listen: submission with STARTTLS, TLS, plain SMTP.
SMTP_PORTS = {587, 465, 25}
# Where Litestream's sidecar ships each database: the object store, over HTTPS.
REPLICA_PORTS = {443}
# The sidecar's container name (an init container with restartPolicy: Always).
REPLICATOR = "litestream"


def problem(text):
    problems.append(text)
    print("FAIL " + text)


def managed_services(path):
    """name -> (executable, port, calls) from the manifest's JSON (`gymctl manifest`)."""
    services = json.load(open(path)).get("services", [])
    found = {s["name"]: (s["executable"], s["port"], s["calls"]) for s in services}
    if "gateway" not in found or len(found) < 2:
        sys.exit(f"could not read the services from {path} (found {sorted(found)})")
    return found


def quantity(text):
    """A Kubernetes quantity as a float (cpu in cores, memory in bytes)."""
    text = str(text)
    units = {"m": 1e-3, "Ki": 2**10, "Mi": 2**20, "Gi": 2**30, "Ti": 2**40, "k": 1e3, "M": 1e6, "G": 1e9}
    for suffix in sorted(units, key=len, reverse=True):
        if text.endswith(suffix):
            return float(text[: -len(suffix)]) * units[suffix]
    return float(text)


def selector_apps(peer):
    """The `app` values a NetworkPolicy peer's podSelector admits (None = any pod)."""
    if "namespaceSelector" in peer or "ipBlock" in peer:
        return set()
    selector = peer.get("podSelector", {})
    apps = set()
    if "app" in selector.get("matchLabels", {}):
        apps.add(selector["matchLabels"]["app"])
    for expression in selector.get("matchExpressions", []):
        if expression["key"] == "app" and expression["operator"] == "In":
            apps.update(expression["values"])
    return apps


def main(manifests, manifest_json):
    services = managed_services(manifest_json)
    documents = []
    for path in sorted(glob.glob(os.path.join(manifests, "*.yaml"))):
        for doc in yaml.safe_load_all(open(path)):
            if doc:
                documents.append(doc)

    def objects(kind):
        return [d for d in documents if d["kind"] == kind]

    for doc in documents:
        if doc["kind"] == "Secret":
            problem(f"Secret {doc['metadata']['name']} is committed; create it with kubectl instead")
        if doc["kind"] != "Namespace" and doc["metadata"].get("namespace") != "gym":
            problem(f"{doc['kind']} {doc['metadata']['name']} is not in namespace gym")

    workloads = {d["metadata"]["name"]: d for d in objects("StatefulSet") + objects("Deployment")}
    svc = {d["metadata"]["name"]: d for d in objects("Service")}
    for name, (executable, port, calls) in services.items():
        workload = workloads.get(name)
        if workload is None:
            problem(f"{name}: no StatefulSet or Deployment")
            continue
        kind = workload["kind"]
        spec = workload["spec"]
        pod = spec["template"]["spec"]
        labels = spec["template"]["metadata"]["labels"]
        if labels.get("app") != name or spec["selector"]["matchLabels"].get("app") != name:
            problem(f"{name}: pods must carry app={name}")
        if name == "gateway":
            if kind != "Deployment" or spec.get("replicas", 1) < 2:
                problem("gateway: must be a Deployment with several replicas")
        else:
            if kind != "StatefulSet" or spec.get("replicas") != 1:
                problem(f"{name}: must be a StatefulSet with exactly one replica (one SQLite writer)")
            claims = [c["metadata"]["name"] for c in spec.get("volumeClaimTemplates", [])]
            if "data" not in claims:
                problem(f"{name}: no volumeClaimTemplate 'data'")
            if spec.get("serviceName") not in svc:
                problem(f"{name}: serviceName {spec.get('serviceName')} is not a Service here")
            elif svc[spec["serviceName"]]["spec"].get("clusterIP") != "None":
                problem(f"{name}: governing Service {spec['serviceName']} must be headless")

        security = pod.get("securityContext", {})
        if not security.get("runAsNonRoot") or security.get("seccompProfile", {}).get("type") != "RuntimeDefault":
            problem(f"{name}: pod needs runAsNonRoot and seccompProfile RuntimeDefault")
        if pod.get("automountServiceAccountToken") is not False:
            problem(f"{name}: no service account token is needed; set automountServiceAccountToken: false")
        if len(pod["containers"]) != 1:
            problem(f"{name}: expected one container")
        container = pod["containers"][0]
        if container.get("command") != [executable]:
            problem(f"{name}: command should be [{executable}], is {container.get('command')}")
        sc = container.get("securityContext", {})
        if not (sc.get("runAsNonRoot") and sc.get("readOnlyRootFilesystem") and sc.get("allowPrivilegeEscalation") is False
                and sc.get("capabilities", {}).get("drop") == ["ALL"]):
            problem(f"{name}: container needs runAsNonRoot, readOnlyRootFilesystem, allowPrivilegeEscalation: false, drop ALL")
        resources = container.get("resources", {})
        for which in ("cpu", "memory"):
            request = resources.get("requests", {}).get(which)
            limit = resources.get("limits", {}).get(which)
            if request is None or limit is None:
                problem(f"{name}: {which} request and limit are both required")
            elif quantity(request) > quantity(limit):
                problem(f"{name}: {which} request {request} exceeds its limit {limit}")

        env = {e["name"]: e.get("value") for e in container.get("env", [])}
        if env.get(f"GYM_{name.upper()}_LISTEN") != f"0.0.0.0:{port}":
            problem(f"{name}: GYM_{name.upper()}_LISTEN should be 0.0.0.0:{port}, is {env.get(f'GYM_{name.upper()}_LISTEN')}")
        if env.get("GYM_METRICS_LISTEN") != f"0.0.0.0:{port + 2000}":
            problem(f"{name}: GYM_METRICS_LISTEN should be 0.0.0.0:{port + 2000}")
        stray = [k for k in env if k.endswith("_LISTEN") and k not in (f"GYM_{name.upper()}_LISTEN", "GYM_METRICS_LISTEN")]
        if stray:
            problem(f"{name}: listen keys of other services: {stray}")
        addresses = {k[4:-5].lower(): v for k, v in env.items()
                     if k.startswith("GYM_") and k.endswith("_ADDR") and k[4:-5].lower() not in EXTERNAL_ADDRESSES}
        if set(addresses) != set(calls):
            problem(f"{name}: calls {sorted(calls)} but is given addresses of {sorted(addresses)}")
        for peer, address in addresses.items():
            if peer not in services:
                continue
            host, _, peer_port = (address or "").rpartition(":")
            peer_service = svc.get(host.split(".")[0])
            if peer_port != str(services[peer][1]) or peer_service is None:
                problem(f"{name}: GYM_{peer.upper()}_ADDR={address} does not reach {peer} on {services[peer][1]}")
            elif peer_service["spec"].get("clusterIP") == "None":
                problem(f"{name}: GYM_{peer.upper()}_ADDR uses headless Service {host}; use the ClusterIP one")

        ports = {p.get("name"): p["containerPort"] for p in container.get("ports", [])}
        if ports.get("grpc") != port or ports.get("metrics") != port + 2000:
            problem(f"{name}: container ports should be grpc {port}, metrics {port + 2000}")
        # Startup and liveness: the process alone, so a lost dependency never restarts it.
        for probe in ("startupProbe", "livenessProbe"):
            http = container.get(probe, {}).get("httpGet", {})
            if http.get("path") != "/livez" or http.get("port") not in ("metrics", port + 2000):
                problem(f"{name}: {probe} should be httpGet /livez on metrics (the process alone, not its dependencies)")
        # Readiness: the serving status, dependencies included.
        if env.get("GYM_TLS_CERT_FILE"):
            # The kubelet's gRPC probe cannot speak TLS; /readyz on metrics says the same.
            http = container.get("readinessProbe", {}).get("httpGet", {})
            if http.get("path") != "/readyz" or http.get("port") not in ("metrics", port + 2000):
                problem(f"{name}: readinessProbe of a TLS listener should be httpGet /readyz on metrics")
        elif container.get("readinessProbe", {}).get("grpc", {}).get("port") != port:
            problem(f"{name}: readinessProbe should be grpc on {port}")

        mounts = {m["mountPath"]: m["name"] for m in container.get("volumeMounts", [])}
        volumes = {v["name"]: v for v in pod.get("volumes", [])}
        if "/tmp" not in mounts:
            problem(f"{name}: read-only root needs a volume on /tmp")
        credential = env.get("GYM_SERVICE_CREDENTIAL_FILE") or ""
        mount = mounts.get(os.path.dirname(credential))
        secret = volumes.get(mount, {}).get("secret", {}).get("secretName")
        if secret != "gym-service-credential" or os.path.basename(credential) != "service-credential":
            problem(f"{name}: GYM_SERVICE_CREDENTIAL_FILE={credential} is not the gym-service-credential Secret")
        if name == "gateway":
            # The public door serves TLS from a Secret with both files.
            tls_files = [env.get("GYM_TLS_CERT_FILE") or "", env.get("GYM_TLS_KEY_FILE") or ""]
            tls_secrets = {volumes.get(mounts.get(os.path.dirname(f)), {}).get("secret", {}).get("secretName") for f in tls_files}
            if tls_secrets != {"gym-gateway-tls"} and env.get("GYM_GATEWAY_ALLOW_PLAINTEXT") != "true":
                problem("gateway: GYM_TLS_CERT_FILE and GYM_TLS_KEY_FILE must come from the gym-gateway-tls Secret")
        if name != "gateway":
            if mounts.get("/data") != "data" or env.get("GYM_DATA_DIR") != "/data":
                problem(f"{name}: GYM_DATA_DIR=/data must be the 'data' volume")
        smtp_keys = sorted(k for k in env if k.startswith("GYM_SMTP_"))
        if name != "auth" and smtp_keys:
            problem(f"{name}: {smtp_keys}: only auth sends mail")
        if name == "auth" and "GYM_SMTP_ADDR" in env:
            # The password is a file from the gym-smtp Secret, never a value in the manifest.
            password = env.get("GYM_SMTP_PASSWORD_FILE") or ""
            secret = volumes.get(mounts.get(os.path.dirname(password)), {}).get("secret", {}).get("secretName")
            if secret != "gym-smtp":
                problem(f"auth: GYM_SMTP_PASSWORD_FILE={password} is not in the gym-smtp Secret")
            if any(e["name"].startswith("GYM_SMTP_") and "PASSWORD" in e["name"] and e["name"] != "GYM_SMTP_PASSWORD_FILE"
                   for e in container.get("env", [])):
                problem("auth: an SMTP password in the environment; give it as GYM_SMTP_PASSWORD_FILE")

        service = svc.get(name)
        if service is None:
            problem(f"{name}: no Service {name}")
        else:
            if service["spec"].get("selector") != {"app": name}:
                problem(f"{name}: Service selector should be app={name}")
            grpc_ports = [p for p in service["spec"]["ports"] if p.get("name") == "grpc"]
            if not grpc_ports or grpc_ports[0]["port"] != port:
                problem(f"{name}: Service port grpc should be {port}")
            public = service["spec"].get("type") in ("LoadBalancer", "NodePort")
            if name == "gateway":
                if not public or service["spec"].get("externalTrafficPolicy") != "Local":
                    problem("gateway: Service must be a LoadBalancer with externalTrafficPolicy: Local")
            elif public:
                problem(f"{name}: only the gateway may be exposed outside the cluster")

    # NetworkPolicies: default deny, then per service exactly its callers in and its calls out.
    policies = objects("NetworkPolicy")
    if not any(p["spec"].get("podSelector") == {} and set(p["spec"].get("policyTypes", [])) == {"Ingress", "Egress"}
               and not p["spec"].get("ingress") and not p["spec"].get("egress") for p in policies):
        problem("NetworkPolicy: no default deny of ingress and egress for the namespace")
    by_port = {port: name for name, (_, port, _) in services.items()}
    for name, (_, port, calls) in services.items():
        callers = {other for other, (_, _, c) in services.items() if name in c}
        admitted, open_to_all, reached = set(), False, set()
        for policy in policies:
            selector = policy["spec"].get("podSelector", {})
            applies = selector == {} or selector.get("matchLabels", {}).get("app") == name
            if not applies:
                continue
            for rule in policy["spec"].get("ingress", []):
                rule_ports = {p.get("port") for p in rule.get("ports", [])}
                if rule_ports and port not in rule_ports:
                    continue
                if "from" not in rule:
                    open_to_all = True
                for peer in rule.get("from", []):
                    admitted |= selector_apps(peer)
            for rule in policy["spec"].get("egress", []):
                for peer in rule.get("to", []):
                    for app in selector_apps(peer):
                        for p in rule.get("ports", []):
                            if by_port.get(p.get("port")) == app:
                                reached.add(app)
        if name == "gateway":
            if not open_to_all:
                problem("NetworkPolicy: the gateway's port must be open to clients")
        else:
            if open_to_all:
                problem(f"NetworkPolicy: {name}:{port} is open to everyone")
            if admitted != callers:
                problem(f"NetworkPolicy: {name}:{port} admits {sorted(admitted)}, its callers are {sorted(callers)}")
        if reached != set(calls):
            problem(f"NetworkPolicy: {name} may reach {sorted(reached)}, it calls {sorted(calls)}")

    # Out of the cluster: auth to its SMTP relay's ports, the pods with Litestream's sidecar
    # to the object store on 443, no one else, nowhere else.
    replicating = {name for name, workload in workloads.items()
                   if any(c.get("name") == REPLICATOR for c in workload["spec"]["template"]["spec"].get("initContainers", [])
                          + workload["spec"]["template"]["spec"].get("containers", []))}
    for policy in policies:
        selector = policy["spec"].get("podSelector", {})
        for rule in policy["spec"].get("egress", []):
            if not any("ipBlock" in peer for peer in rule.get("to", [])):
                continue
            ports = {p.get("port") for p in rule.get("ports", [])}
            selected = selector_apps({"podSelector": selector}) if selector else set()
            if selected and selected <= replicating and ports and ports <= REPLICA_PORTS:
                continue
            if selector.get("matchLabels", {}).get("app") != "auth":
                problem(f"NetworkPolicy {policy['metadata']['name']}: egress out of the cluster for {selector or 'every pod'}")
            elif not ports or not ports <= SMTP_PORTS:
                problem(f"NetworkPolicy {policy['metadata']['name']}: auth may leave the cluster on {sorted(ports) or 'any port'}, "
                        f"not only the SMTP ports {sorted(SMTP_PORTS)}")
    auth_env = {e["name"] for e in workloads.get("auth", {}).get("spec", {}).get("template", {}).get("spec", {})
                .get("containers", [{}])[0].get("env", [])}
    smtp_egress = {p.get("port") for policy in policies
                   if policy["spec"].get("podSelector", {}).get("matchLabels", {}).get("app") == "auth"
                   for rule in policy["spec"].get("egress", []) if any("ipBlock" in peer for peer in rule.get("to", []))
                   for p in rule.get("ports", [])}
    if "GYM_SMTP_ADDR" in auth_env and smtp_egress != SMTP_PORTS:
        problem(f"NetworkPolicy: auth names an SMTP relay but may reach it on {sorted(smtp_egress)}, not {sorted(SMTP_PORTS)}")

    print(f"k8s consistency: {len(documents)} objects, {len(services)} services, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
